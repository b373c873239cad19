import ForceEngine

/// The 8-byte wire form of `EngineEvents`, shared by `event` and `injectResult`:
/// mask (u16, bits of `EngineEvents.Kind`), velocity (u8), flags (u8: bit 0 direction
/// is down, bit 1 boost is on, bits 2–7 the `fault` payload: the left cell's fault in
/// bits 2–4, the right cell's in 5–7), value (i32).
enum EventsCoding {
  static let size = 8
  static let validMask: UInt16 = (1 << UInt16(EngineEvents.Kind.count)) &- 1

  static func encode<W: ByteSink>(_ events: EngineEvents, into writer: inout W) throws(ProtocolError) {
    try writer.u16(events.mask)
    // The payloads of the kinds that happened; the engine's direction, boost and value
    // of the others are sent as 0 (the `fault` payload is the engine's faults whenever
    // it sets them).
    let mask = events.mask
    try writer.u8(events.velocity)
    var flags: UInt8 = mask & EngineEvents.Kind.direction.rawValue != 0 && events.direction == .down ? 1 : 0
    if mask & EngineEvents.Kind.boost.rawValue != 0 && events.boostOn { flags |= 2 }
    flags |= events.faults.rawValue << 2
    try writer.u8(flags)
    try writer.i32(
      mask & (EngineEvents.Kind.value.rawValue | EngineEvents.Kind.commit.rawValue) != 0 ? events.value : 0)
  }

  static func decode(from reader: inout ByteReader) throws(ProtocolError) -> EngineEvents {
    var events = EngineEvents()
    events.mask = try reader.u16()
    guard events.mask & ~validMask == 0 else { throw .badValue }
    events.velocity = try reader.u8()
    let flags = try reader.u8()
    guard let faults = CellFaults(packed: flags >> 2) else { throw .badValue }
    events.direction = flags & 1 != 0 ? .down : .up
    events.boostOn = flags & 2 != 0
    events.faults = faults
    events.value = try reader.i32()
    return events
  }
}

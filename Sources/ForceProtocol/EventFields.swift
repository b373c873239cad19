import ForceEngine

/// The 8 bytes of `EngineEvents`, shared by `event` and `injectResult`: mask, velocity,
/// the flags byte (`EventFlags`) and the payload value.
func eventFields<V: FieldVisitor>(_ events: inout EngineEvents, _ v: inout V) throws(ProtocolError) {
  if !V.countsOnly { events.zeroAbsentPayloads() }
  try v.u16(&events.mask, "mask", "one bit per event kind (the mask bits of `event`)")
  try v.require(events.mask & ~EventFlags.validMask == 0, else: .badValue)
  try v.u8(&events.velocity, "velocity", "`touch-down` velocity 1…127")
  try v.packed(
    &events, EventFlags.self, "flags",
    "bit 0: `direction` is down; bit 1: `boost` is on; bits 2–4 and 5–7: the `fault` payload, the left and right cell's fault (codes as in `telemetry`)"
  )
  try v.i32(&events.value, "eventValue", "payload of `value` and `commit`")
}

/// An event's flags byte: bit 0 direction is down, bit 1 boost is on, bits 2–7 the
/// `fault` payload (the left cell's fault in bits 2–4, the right cell's in 5–7).
enum EventFlags: PackedPart {
  static let size = 1
  static let type: StaticString = "u8"
  static let validMask: UInt16 = (1 << UInt16(EngineEvents.Kind.count)) &- 1

  @inline(__always)
  static func encode<W: ByteSink>(_ events: EngineEvents, into writer: inout W) throws(ProtocolError) {
    var flags: UInt8 = events.direction == .down ? 1 : 0
    if events.boostOn { flags |= 2 }
    flags |= events.faults.rawValue << 2
    try writer.u8(flags)
  }

  static func decode(_ events: inout EngineEvents, from reader: inout ByteReader) throws(ProtocolError) {
    let flags = try reader.u8()
    guard let faults = CellFaults(packed: flags >> 2) else { throw .badValue }
    events.direction = flags & 1 != 0 ? .down : .up
    events.boostOn = flags & 2 != 0
    events.faults = faults
  }

  static func fields<V: FieldVisitor>(_ events: inout EngineEvents, _ v: inout V) throws(ProtocolError) {
    try v.code(&events.direction, "directionDown", "")
    try v.flag(&events.boostOn, "boostOn", "")
    try faultFields(&events.faults, &v, "eventLeftFault", "eventRightFault")
  }
}

/// The left cell's fault code, then the right cell's, as the page's fields.
func faultFields<V: FieldVisitor>(
  _ faults: inout CellFaults, _ v: inout V, _ leftName: StaticString, _ rightName: StaticString
) throws(ProtocolError) {
  var left = faults.left
  var right = faults.right
  try v.code(&left, leftName, "")
  try v.code(&right, rightName, "")
  faults = CellFaults(left: left, right: right)
}

extension EngineEvents {
  /// Sets to 0 the direction, boost and value payloads of kinds that did not happen,
  /// and the faults unless a `fault` event happened or a fault holds the engine (the
  /// engine fills them every frame), so the wire carries 0 there. Before a decode
  /// the events are blank and this changes nothing.
  @inline(never)  // one copy for every message that carries events
  mutating func zeroAbsentPayloads() {
    if !contains(.direction) { direction = .up }
    if !contains(.boost) { boostOn = false }
    if mask & (Kind.value.rawValue | Kind.commit.rawValue) == 0 { value = 0 }
    if !contains(.fault) && !faults.holds { faults = .none }
  }
}

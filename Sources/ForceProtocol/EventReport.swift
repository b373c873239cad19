import ForceEngine

/// `event` (0xA1): the events of one engine frame (Docs/value-model.md), sent as they happen.
///
/// Body: frame (u16, the same counter as telemetry) and the events (8 bytes: mask
/// u16, velocity u8, flags u8 — bit 0 direction down, bit 1 boost on — value i32).
public struct EventReport: Equatable, Sendable {
  /// Engine frame number, modulo 65536.
  public var frame: UInt16
  /// The events and their payloads.
  public var events: EngineEvents

  /// An event report.
  public init(frame: UInt16, events: EngineEvents) {
    self.frame = frame
    self.events = events
  }

  public func encode<W: ByteSink>(into writer: inout W) throws(ProtocolError) {
    try writer.u16(frame)
    try EventsCoding.encode(events, into: &writer)
  }

  @inline(never)
  init(from reader: inout ByteReader) throws(ProtocolError) {
    frame = try reader.u16()
    events = try EventsCoding.decode(from: &reader)
  }
}

import ForceEngine

/// `event` (0xA1): the events of one engine frame (Docs/value-model.md), sent as they happen.
///
/// Body: frame (u16, the same counter as telemetry) and the events (8 bytes: mask
/// u16, velocity u8, flags u8 — bit 0 direction down, bit 1 boost on — value i32).
public struct EventReport: ProtocolFields, Equatable, Sendable {
  /// Engine frame number, modulo 65536.
  public var frame: UInt16
  /// The events and their payloads.
  public var events: EngineEvents

  /// An event report.
  public init(frame: UInt16, events: EngineEvents) {
    self.frame = frame
    self.events = events
  }

  /// Frame 0, no events.
  public init() { self.init(frame: 0, events: EngineEvents()) }

  /// The fields, in wire order. Inlined, as `Telemetry`'s: the device encodes them in
  /// place on its frame path.
  @inline(__always)
  public mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u16(&frame, "frame", "engine frame number mod 65536 (same counter as telemetry)")
    try eventFields(&events, &v)
  }
}

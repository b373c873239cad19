/// `streamStart` (0x09): start telemetry every `decimation` engine frames (0: none)
/// and, if `events`, an `event` frame for every engine frame that has events.
public struct StreamStart: ProtocolFields, Equatable, Sendable {
  /// Send one telemetry frame every this many engine frames; 0 sends none.
  public var decimation: UInt16
  /// Send event frames.
  public var events: Bool

  /// A stream request.
  public init(decimation: UInt16, events: Bool) {
    self.decimation = decimation
    self.events = events
  }

  /// Nothing streamed.
  public init() { self.init(decimation: 0, events: false) }

  /// The fields, in wire order.
  public mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u16(&decimation, "decimation", "one `telemetry` frame every this many engine frames; 0 = none")
    try v.flag(&events, "events", "bit 0: send `event` frames; bits 1–7 reserved, must be 0")
  }
}

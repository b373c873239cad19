/// `streamStart` (0x09): start telemetry every `decimation` engine frames (0: none)
/// and, if `events`, an `event` frame for every engine frame that has events.
public struct StreamStart: Equatable, Sendable {
  /// Send one telemetry frame every this many engine frames; 0 sends none.
  public var decimation: UInt16
  /// Send event frames.
  public var events: Bool

  /// A stream request.
  public init(decimation: UInt16, events: Bool) {
    self.decimation = decimation
    self.events = events
  }

  public func encode<W: ByteSink>(into writer: inout W) throws(ProtocolError) {
    try writer.u16(decimation)
    try writer.u8(events ? 1 : 0)
  }

  @inline(never)
  init(from reader: inout ByteReader) throws(ProtocolError) {
    decimation = try reader.u16()
    let flags = try reader.u8()
    guard flags & ~1 == 0 else { throw .fieldOutOfRange(offset: 2, value: Int32(flags)) }
    events = flags & 1 != 0
  }
}

/// `paramLoaded` (0x87), the reply to a successful `paramLoad`: which saved record the
/// parameters now in effect came from.
///
/// Body: source (u8), a `ParameterSource` code: `flash` (0) for the newest record, or
/// `flashOlderRecord` (4) when the newest record is damaged or unfinished and the
/// older one was loaded instead, i.e. the last save was lost.
public struct ParamLoaded: Equatable, Sendable {
  /// `.flash` or `.flashOlderRecord`.
  public var source: ParameterSource

  /// A reply.
  public init(source: ParameterSource) { self.source = source }

  public func encode<W: ByteSink>(into writer: inout W) throws(ProtocolError) { try writer.u8(source.rawValue) }

  @inline(never)
  init(from reader: inout ByteReader) throws(ProtocolError) {
    guard let source = ParameterSource(rawValue: try reader.u8()), source == .flash || source == .flashOlderRecord
    else { throw .badValue }
    self.source = source
  }
}

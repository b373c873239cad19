/// `paramLoaded` (0x87), the reply to a successful `paramLoad`: which saved record the
/// parameters now in effect came from.
///
/// Body: source (u8), a `ParameterSource` code: `flash` (0) for the newest record, or
/// `flashOlderRecord` (4) when the newest record is damaged or unfinished and the
/// older one was loaded instead, i.e. the last save was lost.
public struct ParamLoaded: ProtocolFields, Equatable, Sendable {
  /// `.flash` or `.flashOlderRecord`.
  public var source: ParameterSource

  /// A reply.
  public init(source: ParameterSource) { self.source = source }

  /// The newest record.
  public init() { source = .flash }

  /// The fields, in wire order.
  public mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.code(&source, "source", "0 the newest record, 4 the older one (the last save was lost)")
    try v.require(source == .flash || source == .flashOlderRecord, else: .badValue)
  }
}

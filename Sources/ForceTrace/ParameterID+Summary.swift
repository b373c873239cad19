import ForceEngine
import ForceHostCore

extension ParameterID {
  /// One-line description for people (`forcectl params`, Docs/parameters.md, the web
  /// tuner): ForceHostCore's `guide`.
  public var summary: String { guide.summary.description }
}

extension TableText: CustomStringConvertible {
  /// The text.
  public var description: String { String(decoding: bytes, as: UTF8.self) }
}

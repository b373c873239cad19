/// A sensor option that cannot be used: an unknown profile or board name, or a fault
/// description that does not parse (Docs/sensor-model.md). The description says what
/// is wrong and what would be accepted.
public struct SensorError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What is wrong, as one line.
  public let message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }

  /// "unknown WHAT 'x' (did you mean 'y'?); WHATs: a, b, c".
  static func unknown(_ what: String, _ text: String, among names: [String]) -> SensorError {
    SensorError(
      "unknown \(what) \(TextInput.quoted(text))" + Suggestion.hint(for: text, among: names)
        + "; \(what)s: \(names.joined(separator: ", "))")
  }
}

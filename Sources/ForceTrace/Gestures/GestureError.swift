/// A problem in a gesture script, naming the line (1-based).
public struct GestureError: Error, CustomStringConvertible, Equatable, Sendable {
  /// Line of the script, 1-based; 0 when the problem is not tied to one line.
  public let line: Int
  /// What is wrong.
  public let message: String

  /// Creates an error.
  public init(line: Int, _ message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { line > 0 ? "line \(line): \(message)" : message }
}

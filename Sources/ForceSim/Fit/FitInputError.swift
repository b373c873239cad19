import ForceTrace

/// A problem with a target table or a population file: one line, naming the line of
/// the file when there is one.
public struct FitInputError: Error, Equatable, CustomStringConvertible {
  /// The message.
  public let description: String

  /// An error about line `line` (1-based) of a file, or about the file as a whole.
  public init(line: Int? = nil, _ message: String) {
    description = line.map { "line \($0): \(message)" } ?? message
  }
}

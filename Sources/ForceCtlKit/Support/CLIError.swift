/// A failure reported as one line on stderr with a non-zero exit.
public struct CLIError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

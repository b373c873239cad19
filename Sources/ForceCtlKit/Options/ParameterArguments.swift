import ArgumentParser
import ForceEngine
import ForceTrace

/// A parameter name from the command line, looked up once while the arguments are
/// parsed.
public struct ParameterName: ExpressibleByArgument, Sendable {
  /// The parameter.
  public let id: ParameterID

  /// Looks `argument` up; nil when no parameter has that name.
  public init?(argument: String) {
    guard let parsed = try? ParameterName.parse(argument) else { return nil }
    self = parsed
  }

  init(id: ParameterID) { self.id = id }

  /// Looks `text` up, with a message naming it when it is unknown (for `transform:`).
  public static func parse(_ text: String) throws -> ParameterName {
    do { return ParameterName(id: try ParameterText.id(named: text)) } catch {
      throw ValidationError(error.description)
    }
  }
}

/// `NAME=VALUE` from the command line, parsed once into the parameter and its value.
public struct ParameterAssignment: ExpressibleByArgument, Sendable {
  /// The parameter.
  public let id: ParameterID
  /// The value, a symbol such as `pulse` already turned into its number.
  public let value: Int32

  /// Parses `argument`; nil when it is not a valid assignment.
  public init?(argument: String) {
    guard let parsed = try? ParameterAssignment.parse(argument) else { return nil }
    self = parsed
  }

  init(id: ParameterID, value: Int32) {
    self.id = id
    self.value = value
  }

  /// Parses `text`, with a message naming what is wrong (for `transform:`).
  public static func parse(_ text: String) throws -> ParameterAssignment {
    do {
      let (id, value) = try ParameterText.assignment(text)
      return ParameterAssignment(id: id, value: value)
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// The pair the engine's `Parameters.set` takes.
  public var pair: (ParameterID, Int32) { (id, value) }
}

import ArgumentParser
import ForceEngine
import ForceTrace
import Foundation

/// `--set NAME=VALUE` and `--profile FILE`, shared by every command that runs the engine.
public struct ParameterOptions: ParsableArguments {
  @Option(
    name: .customLong("set"), help: ArgumentHelp("Set a parameter (repeatable).", valueName: "NAME=VALUE"),
    transform: ParameterAssignment.parse)
  public var assignments: [ParameterAssignment] = []

  @Option(help: ArgumentHelp("Parameter file: JSON from `params export`, or NAME=VALUE lines.", valueName: "FILE"))
  public var profile: String?

  public init() {}

  /// The defaults, then the profile, then every `--set`, checked as one batch.
  public func resolve() throws -> Parameters {
    try ParameterFile.parameters(profile, then: assignments.map(\.pair))
  }
}

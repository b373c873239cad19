import ArgumentParser
import ForceEngine
import ForceSim
import Foundation

/// `--set NAME=VALUE` and `--profile FILE`, shared by every command that runs the engine.
public struct ParameterOptions: ParsableArguments {
  @Option(name: .customLong("set"), help: ArgumentHelp("Set a parameter (repeatable).", valueName: "NAME=VALUE"))
  public var assignments: [String] = []

  @Option(help: ArgumentHelp("Parameter file: JSON from `params export`, or NAME=VALUE lines.", valueName: "FILE"))
  public var profile: String?

  public init() {}

  public func validate() throws {
    for text in assignments {
      do { _ = try ParameterText.assignment(text) } catch { throw ValidationError(error.description) }
    }
  }

  /// The defaults, then the profile, then every `--set`, checked as one batch.
  public func resolve() throws -> Parameters {
    var batch: [(ParameterID, Int32)] = []
    if let profile {
      let text = try InputFile.read(profile)
      do { batch += try ParameterText.assignments(inFile: text) } catch {
        throw CLIError("\(profile): \(error.description)")
      }
    }
    for text in assignments {
      do { batch.append(try ParameterText.assignment(text)) } catch { throw CLIError(error.description) }
    }
    do {
      return try ParameterText.applying(batch, to: .defaults)
    } catch {
      throw CLIError(error.description)
    }
  }
}

/// A failure reported as one line on stderr with a non-zero exit.
public struct CLIError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

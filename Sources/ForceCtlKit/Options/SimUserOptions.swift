import ArgumentParser
import ForceSim

/// `--users` and `--practice`: which simulated people take part (`sim study`, `sim sweep`).
public struct SimUserOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Population file written by 'sim fit' (default: the committed novices, Docs/novice-users.txt).",
      valueName: "FILE"))
  public var users: String?

  @Option(
    help: ArgumentHelp(
      "Practice trials (of the training design) before the study (power law of practice).", valueName: "TRIALS"))
  public var practice: Int = 0

  public init() {}

  public func validate() throws {
    guard (0...1_000_000).contains(practice) else { throw ValidationError("--practice must be in 0...1000000") }
  }

  /// The population: the file's, or the committed novices.
  public func population() throws -> UserPopulation {
    guard let users else { return .novice }
    let text = try InputFile.read(users)
    do { return try PopulationText.parse(text) } catch { throw CLIError("\(inputName(users)): \(error.description)") }
  }
}

/// Reads a target table named on the command line.
enum TargetFile {
  static func read(_ path: String) throws -> TargetTable {
    let text = try InputFile.read(path)
    do { return try TargetTable.parse(text) } catch { throw CLIError("\(inputName(path)): \(error.description)") }
  }
}

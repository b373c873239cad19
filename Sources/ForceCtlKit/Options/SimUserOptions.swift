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
      "Practice trials (of the training design) before the study: skill by the power law of practice, strategy learned in every whole session of 80 (run, so at most 8000).",
      valueName: "TRIALS"))
  public var practice: Int = 0

  public init() {}

  public func validate() throws {
    let most = StrategyLearning.maxPracticeTrials
    guard (0...most).contains(practice) else {
      throw ValidationError(
        "--practice must be in 0...\(most): the practice is simulated trial by trial (\(most / 80) sessions of 80 at most)"
      )
    }
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

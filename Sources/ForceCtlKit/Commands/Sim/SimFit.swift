import ArgumentParser
import ForceEngine
import ForceSim
import ForceTrace
import Foundation

extension ForceCtl.Sim {
  /// `forcectl sim fit`: fits the user model's free parameters to a target table.
  public struct Fit: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "fit",
      abstract: "Fit the simulated users' free parameters to a table of target times; write a population file.",
      discussion: """
        Runs the study design for the table's techniques at each point (one --seed for every point) and \
        minimises the relative errors of the cells' means (weight 1/0.15) and SDs (1/0.35) with a \
        Nelder–Mead simplex (Docs/user-model.md). Prints each cell's relative errors and writes the \
        population file that 'sim study --users' reads. Example: forcectl sim fit --targets \
        Docs/study1-targets.csv --output my-novices.txt (Docs/novice-users.txt is the committed fit)
        """
    )

    @Option(help: ArgumentHelp("Target table: technique,distance,mean_ms,sd_ms.", valueName: "FILE"))
    public var targets: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Population file to write.", valueName: "FILE"))
    public var output: String

    @Option(help: ArgumentHelp("Start from this population file (default: the committed novices).", valueName: "FILE"))
    public var from: String?

    @Option(
      help: ArgumentHelp(
        "Keep this parameter at its --from value, fit the others (repeatable; a name of the population file).",
        valueName: "NAME"))
    public var fix: [String] = []

    @Option(help: "Largest number of simulated studies the optimiser may run.")
    public var evaluations: Int = 150

    @Option(help: "Size of the start simplex, as a share of each parameter's range.")
    public var step: Double = 0.15

    @Option(help: "Simulated participants per study.")
    public var participants: Int = 16

    @OptionGroup public var runs: StudyRunOptions

    @OptionGroup public var parameters: ParameterOptions

    public init() {}

    public func validate() throws {
      guard (1...10_000).contains(evaluations) else { throw ValidationError("--evaluations must be in 1...10000") }
      guard (1...1000).contains(participants) else { throw ValidationError("--participants must be in 1...1000") }
      guard step > 0 && step <= 0.5 else { throw ValidationError("--step must be in (0, 0.5]") }
      for name in fix where !UserPopulation.names.contains(name) {
        throw ValidationError(
          "--fix: unknown parameter '\(name)' (one of \(UserPopulation.names.joined(separator: ", ")))")
      }
      guard Set(fix).count < UserPopulation.names.count else {
        throw ValidationError("--fix: leave at least one parameter to fit")
      }
    }

    @OptionGroup public var progress: ProgressOptions

    public func run() throws {
      let table = try TargetFile.read(targets)
      var start = UserPopulation.novice
      if let from {
        do { start = try PopulationText.parse(try InputFile.read(from)) } catch let error as FitInputError {
          throw CLIError("\(inputName(from)): \(error.description)")
        }
      }
      let config = StudyConfig(
        participants: participants, repetitions: runs.repetitions, seed: runs.seed, base: try parameters.resolve(),
        jobs: runs.jobs)
      let result: FitResult
      let line = progress.line("sim fit", unit: "studies")
      do {
        defer { line.finish() }
        result = try PopulationFit.fit(
          table, from: start, fixed: Set(fix), config: config,
          optimiser: NelderMead(maxEvaluations: evaluations, step: step)
        ) { count, score, _ in
          line.report(Double(count), fraction: Double(count) / Double(evaluations))
          if count % 10 == 0 {
            FileHandle.standardOutput.write(Data("evaluation \(count): score \(StudySummary.fixed(score, 3))\n".utf8))
          }
        }
      } catch { throw CLIError(error.description) }
      print(TargetComparison.markdown(result.compared))
      for (technique, rate) in result.success {
        print("\(technique.name): success \(StudySummary.fixed(rate * 100, 1)) %")
      }
      print("score \(StudySummary.fixed(result.objective, 3)) after \(result.evaluations) studies")
      let fixedNames = fix.joined(separator: ", ")
      let comments =
        [
          "Simulated-user population fitted by forcectl sim fit (Docs/user-model.md).",
          "Targets: \(targets); seed \(runs.seed); \(participants) participants × \(runs.repetitions) repetitions; "
            + "score \(StudySummary.fixed(result.objective, 3)) after \(result.evaluations) studies.",
        ] + (fix.isEmpty ? [] : ["Fixed at their start values: \(fixedNames)."])
        + ["\(PopulationText.commandPrefix)\(try command())"]
      try OutputFile.write(PopulationText.format(result.population, comments: comments), to: output)
      print("population written to \(output)")
    }

    /// This fit as one command, every option that decides the result spelled out
    /// (`--output` and `--jobs` do not), so the file records what wrote it.
    func command() throws -> String {
      var words = ["forcectl sim fit --targets", targets]
      if let from { words += ["--from", from] }
      for name in fix { words += ["--fix", name] }
      words += ["--step", "\(step)", "--evaluations", "\(evaluations)", "--participants", "\(participants)"]
      words += ["--repetitions", "\(runs.repetitions)", "--seed", "\(runs.seed)"]
      let changed = changedParameters(try parameters.resolve())
      if changed != "defaults" { words += changed.split(separator: " ").map { "--set \($0)" } }
      return words.joined(separator: " ")
    }
  }
}

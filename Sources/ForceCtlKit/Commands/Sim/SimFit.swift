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
        Docs/study1-targets.csv --output my-novices.txt (Docs/novice-users.txt is the committed fit). \
        --starts S fits from S start points (the --from population, then points drawn from --seed) and \
        keeps the best; --shard K/N runs every Nth start into a shard file at --output (one task of a job \
        array), and the same command with --merge instead joins the shard files into the population \
        file one machine writes, byte for byte (Docs/user-model.md).
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

    @Option(help: "Fit from this many start points and keep the best (the first is --from).")
    public var starts: Int = 1

    @Option(help: ArgumentHelp("Run shard K of N of the starts only, into a shard file at --output.", valueName: "K/N"))
    public var shard: String?

    @Option(
      parsing: .upToNextOption,
      help: ArgumentHelp("Join these shard files of this fit instead of running it.", valueName: "SHARD.csv"))
    public var merge: [String] = []

    @OptionGroup public var runs: StudyRunOptions

    @OptionGroup public var parameters: ParameterOptions

    public init() {}

    public func validate() throws {
      guard (1...10_000).contains(evaluations) else { throw ValidationError("--evaluations must be in 1...10000") }
      guard (1...1000).contains(participants) else { throw ValidationError("--participants must be in 1...1000") }
      guard step > 0 && step <= 0.5 else { throw ValidationError("--step must be in (0, 0.5]") }
      guard (1...1000).contains(starts) else { throw ValidationError("--starts must be in 1...1000") }
      if let shard {
        guard merge.isEmpty else { throw ValidationError("--shard runs a shard, --merge joins them: give one") }
        do { _ = try Shard.parse(shard) } catch { throw ValidationError(error.description) }
      }
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
      let identity = try self.identity(table, start: start)
      let result: FitResult
      if merge.isEmpty {
        let part = try shard.map { text throws(ParameterInputError) in try Shard.parse(text) }
        let mine = (1...starts).filter { part?.holds($0 - 1) ?? true }
        let fits = try mine.enumerated().map { done, index in
          (
            index,
            try fit(
              table, from: MultiStartFit.start(index, from: start, fixed: Set(fix), seed: runs.seed),
              config: config, done: done, of: mine.count)
          )
        }
        if let part {
          let outcomes = fits.map { MultiStartFit.outcome($0.0, $0.1) }
          try OutputFile.write(
            MultiStartFit.shardCSV(outcomes, shard: part, starts: starts, identity: identity), to: output)
          print(
            "shard \(part.index)/\(part.count): starts \(mine.map(String.init).joined(separator: ", ")) written to \(output)"
          )
          return
        }
        result = MultiStartFit.result(fits.map { (start: $0.0, result: $0.1) })!
      } else {
        result = try merged(table, config: config, identity: identity)
      }
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

    /// The fit from `start` (one of `of`, `done` before it), with progress.
    func fit(_ table: TargetTable, from start: UserPopulation, config: StudyConfig, done: Int, of count: Int) throws
      -> FitResult
    {
      let line = progress.line(count > 1 ? "sim fit, start \(done + 1) of \(count)" : "sim fit", unit: "studies")
      defer { line.finish() }
      do {
        return try PopulationFit.fit(
          table, from: start, fixed: Set(fix), config: config,
          optimiser: NelderMead(maxEvaluations: evaluations, step: step)
        ) { count, score, _ in
          line.report(Double(count), fraction: Double(count) / Double(evaluations))
          if count % 10 == 0 {
            FileHandle.standardOutput.write(Data("evaluation \(count): score \(StudySummary.fixed(score, 3))\n".utf8))
          }
        }
      } catch { throw CLIError(error.description) }
    }

    /// The result the shard files in `merge` give: their best start, evaluated again
    /// here, which must score what its shard recorded.
    func merged(_ table: TargetTable, config: StudyConfig, identity: String) throws -> FitResult {
      let files = try merge.map { (name: $0, text: try InputFile.read($0)) }
      let shards = try MultiStartFit.merge(files)
      guard shards.identity == identity else {
        throw CLIError("the shards are of another fit than this command: \(Self.difference(shards.identity, identity))")
      }
      do {
        let (result, recomputed) = try MultiStartFit.result(merging: shards.outcomes, table: table, config: config)
        if let recomputed {
          let best = MultiStartFit.best(shards.outcomes)!
          throw CLIError(
            "start \(best.start)'s population scores \(recomputed) here but \(best.objective) in its shard (another build?)"
          )
        }
        return result
      } catch let error as ParameterInputError { throw CLIError(error.description) }
    }

    /// Everything the result depends on, for the shard files: the command, the targets'
    /// cells and the start population's values.
    func identity(_ table: TargetTable, start: UserPopulation) throws -> String {
      let cells = table.cells.map { "\($0.technique.name)/\($0.distance.label)/\($0.meanMs)/\($0.sdMs)" }
      return [
        try command(), "targets \(cells.joined(separator: ","))",
        "from \(start.values.map { "\($0)" }.joined(separator: ","))",
      ].joined(separator: "; ")
    }

    /// "'--seed 2', not '--seed 1'": where two identities first differ, with the option
    /// the differing value belongs to.
    static func difference(_ a: String, _ b: String) -> String {
      let (x, y) = (
        a.split(separator: " ").map { $0.trimmingCharacters(in: [";"]) },
        b.split(separator: " ").map { $0.trimmingCharacters(in: [";"]) }
      )
      guard let i = x.indices.first(where: { $0 >= y.count || x[$0] != y[$0] }) else { return "another fit" }
      let from = i > 0 && x[i - 1].hasPrefix("--") ? i - 1 : i
      let words = { (w: [String]) in w[min(from, w.count)..<min(w.count, i + 1)].joined(separator: " ") }
      return "'\(words(x))', not '\(words(y))'"
    }

    /// This fit as one command, every option that decides the result spelled out
    /// (`--output` and `--jobs` do not), so the file records what wrote it.
    func command() throws -> String {
      var words = ["forcectl sim fit --targets", targets]
      if let from { words += ["--from", from] }
      for name in fix { words += ["--fix", name] }
      words += ["--step", "\(step)", "--evaluations", "\(evaluations)", "--participants", "\(participants)"]
      if starts > 1 { words += ["--starts", "\(starts)"] }
      words += ["--repetitions", "\(runs.repetitions)", "--seed", "\(runs.seed)"]
      let changed = changedParameters(try parameters.resolve())
      if changed != "defaults" { words += changed.split(separator: " ").map { "--set \($0)" } }
      return words.joined(separator: " ")
    }
  }
}

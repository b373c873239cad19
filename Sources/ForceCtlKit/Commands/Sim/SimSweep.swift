import ArgumentParser
import ForceEngine
import ForceSim
import ForceTrace
import Foundation

extension ForceCtl.Sim {
  /// `forcectl sim sweep`: the simulated study over a grid of one or two parameters.
  public struct Sweep: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "sweep",
      abstract: "Run the simulated study at each point of a parameter grid; report Time, Crossings, Success.",
      discussion: """
        Example: forcectl sim sweep --vary rest_threshold=150:300:50 --vary speed_normal_max=10000:20000:5000. \
        Prints a Markdown table; --output also writes it as CSV. Points that break a parameter rule are \
        reported as invalid. A large grid runs in pieces: --shard K/N runs every Nth point and writes a \
        shard file to --output (for instance as one task of a Slurm job array); --merge then joins the \
        shard files into the table and CSV of one run on one machine, byte for byte (Docs/study-design.md).
        """
    )

    @Option(
      help: ArgumentHelp("A parameter and its values FROM:TO:STEP (once or twice).", valueName: "NAME=FROM:TO:STEP"))
    public var vary: [String] = []

    @Option(help: ArgumentHelp("all or a comma-separated list of techniques.", valueName: "T"))
    public var technique: String = "all"

    @Option(help: "Simulated participants per point.")
    public var participants: Int = 4

    @OptionGroup public var runs: StudyRunOptions

    @OptionGroup public var people: SimUserOptions

    @OptionGroup public var parameters: ParameterOptions

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp("Also write the table as CSV (with --shard: the shard file).", valueName: "OUT.csv"))
    public var output: String?

    @Option(help: ArgumentHelp("Run shard K of N of the grid's points only, into --output.", valueName: "K/N"))
    public var shard: String?

    @Option(
      parsing: .upToNextOption,
      help: ArgumentHelp(
        "Join these shard files instead of running (every shard of one sweep).", valueName: "SHARD.csv"))
    public var merge: [String] = []

    public init() {}

    @OptionGroup public var progress: ProgressOptions

    public func validate() throws {
      if !merge.isEmpty {
        guard vary.isEmpty, shard == nil else {
          throw ValidationError("--merge joins shard files: give no --vary or --shard")
        }
        return
      }
      if let shard {
        do { _ = try Shard.parse(shard) } catch { throw ValidationError(error.description) }
        guard output != nil else { throw ValidationError("--shard writes its shard file to --output: give one") }
      }
      guard (1...2).contains(vary.count) else { throw ValidationError("give --vary once or twice") }
      for text in vary {
        do { _ = try SweepAxis.parse(text) } catch { throw ValidationError(error.description) }
      }
      guard (1...1000).contains(participants) else { throw ValidationError("--participants must be in 1...1000") }
      do { _ = try StudyDesign.techniques(technique) } catch { throw ValidationError(error.description) }
    }

    public func run() throws {
      if !merge.isEmpty {
        let files = try merge.map { (name: $0, text: try InputFile.read($0)) }
        let merged = try ForceSim.Sweep.merge(files)
        try OutputFile.write(merged.markdown, to: nil)
        if let output { try OutputFile.write(merged.csv, to: output) }
        return
      }
      let axes: [SweepAxis]
      let techniques: [Technique]
      do {
        axes = try vary.map { text throws(ParameterInputError) in try SweepAxis.parse(text) }
        techniques = try StudyDesign.techniques(technique)
      } catch { throw CLIError(error.description) }
      let config = StudyConfig(
        techniques: techniques, participants: participants, repetitions: runs.repetitions, seed: runs.seed,
        base: try parameters.resolve(), jobs: runs.jobs, population: try people.population(),
        practiceTrials: people.practice)
      let line = progress.line("sim sweep", unit: "points")
      if let shard, let output {
        let part = try Shard.parse(shard)
        let points = ForceSim.Sweep.run(axes, config: config, shard: part) { done, total in
          line.report(done, fraction: done / Double(total))
        }
        line.finish()
        try OutputFile.write(ForceSim.Sweep.shardCSV(axes, config: config, shard: part, points), to: output)
        return
      }
      let points = ForceSim.Sweep.run(axes, config: config) { done, total in
        line.report(done, fraction: done / Double(total))
      }
      line.finish()
      try OutputFile.write(ForceSim.Sweep.markdown(axes, points), to: nil)
      if let output { try OutputFile.write(ForceSim.Sweep.csv(axes, points), to: output) }
    }
  }
}

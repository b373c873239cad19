import ArgumentParser
import ForceEngine
import ForceSim
import ForceTrace
import Foundation

extension ForceCtl.Sim {
  /// `forcectl sim study`: the study design (Docs/study-design.md) with simulated participants.
  public struct Study: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "study",
      abstract: "Run the study (Docs/study-design.md) with simulated users; write trials, summaries and charts.",
      discussion: """
        Each participant gets its own user model drawn from --seed (see Docs/user-model.md). \
        With --sensor typical or worn, each also presses through a device of its own (a sensor model \
        seeded from --seed, Docs/sensor-model.md), calibrated first as forcectl calibrate does; \
        DIR/devices.csv lists each device's calibration. \
        Writes DIR/trials.csv, summary.md, summary.csv, time-by-range.svg, time-by-distance.svg, \
        success-by-distance.svg and participants.csv; with --practice 80 or more, strategies.csv (what the \
        practice taught each participant). With --design training: DIR/sessions.md, sessions.csv, \
        session-trials.csv, strategies.csv, time-by-session.svg and success-by-session.svg, and the final test's \
        files in DIR/final. The task's range, start and the technique \
        override --set/--profile values of range_min, range_max, start_value, wrap and technique.
        """
    )

    @Option(
      help: ArgumentHelp(
        "all (thumb-roll, pulse, press-through, two-button) or a comma-separated list; wrap and positional (RANGE 10 only) run when named.",
        valueName: "T"))
    public var technique: String = "all"

    @Option(
      help: ArgumentHelp(
        "study (Study 1's tasks) or training: ten sessions of 80 tasks (4 RANGEs × OneStep, 10 % … 90 % × 2 directions), then Study 1's tasks as a final test (Docs/study-design.md).",
        valueName: "DESIGN"))
    public var design = "study"

    @Option(help: "Simulated participants.")
    public var participants: Int = 16

    @OptionGroup public var runs: StudyRunOptions

    @OptionGroup public var people: SimUserOptions

    @Option(
      help: ArgumentHelp(
        "Target table (technique,distance,mean_ms,sd_ms, e.g. Docs/study1-targets.csv): summary.md compares cell by cell.",
        valueName: "FILE"))
    public var targets: String?

    @OptionGroup public var parameters: ParameterOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Directory for the results (created if needed).", valueName: "DIR"))
    public var output: String

    @Option(help: "Time cap of one trial in simulated ms (a time-out is a failure).")
    public var maxTrialMs: Int = 30_000

    @Option(
      help: ArgumentHelp(
        "Sensor every participant presses through, each on its own device: \(SensorProfile.allNames.joined(separator: ", ")) (Docs/sensor-model.md).",
        valueName: "PROFILE"))
    public var sensor = "ideal"

    @Option(help: SensorOptions.boardHelp)
    public var board = "microbit"

    @Option(
      name: .customLong("sensor-set"),
      help: ArgumentHelp(
        "Change one constant of the sensor profile, NAME=VALUE (repeatable), e.g. hysteresis=0 or "
          + "temperatureDrift=0.01...0.03; names: \(SensorProfile.settableNames.joined(separator: ", ")) "
          + "(Docs/sensor-model.md).",
        valueName: "NAME=VALUE"))
    public var sensorSets: [String] = []

    @OptionGroup public var progress: ProgressOptions

    public init() {}

    public func validate() throws {
      guard (1...1000).contains(participants) else { throw ValidationError("--participants must be in 1...1000") }
      guard (1000...600_000).contains(maxTrialMs) else {
        throw ValidationError("--max-trial-ms must be in 1000...600000")
      }
      do { _ = try StudyDesign.techniques(technique) } catch { throw ValidationError(error.description) }
      _ = try studySensor()
      guard ["study", "training"].contains(design) else {
        throw ValidationError("--design must be study or training, not '\(design)'")
      }
      guard design == "study" || sensor == "ideal" else {
        throw ValidationError("--design training reads the ideal counts: leave out --sensor")
      }
      guard design == "study" || !technique.contains("positional") else {
        throw ValidationError("--design training has lists of up to 101 items: positional is for about ten")
      }
    }

    /// The sensor `--sensor`, `--sensor-set` and `--board` name; a `ValidationError`
    /// names the option.
    public func studySensor() throws -> StudySensor {
      var profile: SensorProfile
      do { profile = try SensorProfile.named(sensor) } catch { throw ValidationError("--sensor: \(error.description)") }
      for assignment in sensorSets {
        do { try profile.set(assignment) } catch { throw ValidationError("--sensor-set: \(error.description)") }
      }
      let board: SensorBoard
      do { board = try SensorBoard.named(self.board) } catch { throw ValidationError("--board: \(error.description)") }
      return StudySensor(profile: profile, board: board)
    }

    /// The study configuration these options describe.
    public func config() throws -> StudyConfig {
      let techniques: [Technique]
      do { techniques = try StudyDesign.techniques(technique) } catch { throw CLIError(error.description) }
      return StudyConfig(
        techniques: techniques, participants: participants, repetitions: runs.repetitions, seed: runs.seed,
        base: try parameters.resolve(), maxTrialMs: maxTrialMs, jobs: runs.jobs, population: try people.population(),
        practiceTrials: people.practice, sensor: try studySensor())
    }

    public func run() throws {
      let config = try config()
      let table = try targets.map(TargetFile.read)
      if design == "training" { return try runTraining(config, targets: table) }
      let result: StudyResult
      let line = progress.line("sim study", unit: "trials")
      let trials =
        Double(config.participants * config.repetitions)
        * Double(config.techniques.map { StudyDesign.tasks(for: $0).count }.reduce(0, +))
      do {
        result = try StudyRunner.run(config) { done, total in
          line.report(trials * Double(done) / Double(total), fraction: Double(done) / Double(total))
        }
      } catch { throw CLIError(error.description) }
      line.finish()
      let notes = notes(config, trials: result.records.count) + StudyReport.sensorNotes(result)
      let cells: [SummaryCell]
      do { cells = try StudyOutput.write(result, to: output, notes: notes, targets: table) } catch {
        throw CLIError("cannot write \(output): \(ErrorReason.text(error))")
      }
      let rate = StudySummary.fixed(result.trialsPerSecond, 0)
      try printLines(
        [StudyReport.overall(cells)] + StudyReport.sensorNotes(result).map { $0 + "\n" }
          + (table.map { [TargetComparison.markdown(TargetComparison.compare(cells, with: $0))] } ?? []) + [
            "\(result.records.count) trials in \(StudySummary.fixed(result.seconds, 3)) s: \(rate) trials/s with \(config.jobs) job(s)"
              + practiceNote(result) + "; results in \(output)"
          ])
    }
  }
}

extension ForceCtl.Sim.Study {
  /// The notes heading a study's summary.
  func notes(_ config: StudyConfig, trials: Int) -> [String] {
    [
      "Techniques: \(config.techniques.map { String(describing: $0.name) }.joined(separator: ", ")); "
        + "\(config.participants) participants × \(config.repetitions) repetitions; seed \(config.seed); "
        + "\(trials) trials; time cap \(config.maxTrialMs) ms.",
      "Time: first contact to commit, committed trials only (M and SD over trials). "
        + "Crossings: passes of the shown value over the target. Success: committed value = target.",
      "Parameters: " + changedParameters(config.base),
      "Users: \(people.users ?? "the committed novices (Docs/novice-users.txt)"); "
        + "\(config.practiceTrials) practice trials.",
    ]
  }

  /// What the practice cost, when it was run to learn the participants' strategies.
  func practiceNote(_ result: StudyResult) -> String {
    guard result.practiceSeconds > 0 else { return "" }
    let config = result.config
    let sessions = config.practiceTrials / TrainingDesign.tasks.count
    let trials = sessions * TrainingDesign.tasks.count * max(1, config.participants) * config.techniques.count
    return ", after \(StudySummary.fixed(result.practiceSeconds, 3)) s of practice (\(trials) trials)"
  }

  /// `--design training`: the sessions, then the final test (`TrainingRunner`).
  func runTraining(_ config: StudyConfig, targets table: TargetTable?) throws {
    let line = progress.line("sim study", unit: "sessions")
    let result: TrainingResult
    do {
      result = try TrainingRunner.run(config) { done, total in
        line.report(Double(done), fraction: Double(done) / Double(total))
      }
    } catch { throw CLIError(error.description) }
    line.finish()
    let notes =
      notes(config, trials: result.final.records.count)
      + [
        "Training: \(TrainingDesign.sessions) sessions of \(TrainingDesign.tasks.count) tasks "
          + "(\(result.sessions.count) session trials, session-trials.csv) before the final test (the trials above)."
      ]
    let written: (sessions: [SummaryCell], final: [SummaryCell])
    do { written = try TrainingOutput.write(result, to: output, notes: notes, targets: table) } catch {
      throw CLIError("cannot write \(output): \(ErrorReason.text(error))")
    }
    let trials = result.sessions.count + result.final.records.count
    try printLines([
      TrainingOutput.markdown(written.sessions, final: written.final),
      "\(trials) trials in \(StudySummary.fixed(result.seconds, 3)) s with \(config.jobs) job(s); results in \(output) "
        + "(the final test in \(output)/final)",
    ])
  }
}

/// `NAME=VALUE` for every parameter that differs from the defaults, or "defaults".
func changedParameters(_ parameters: Parameters) -> String {
  let changed = ParameterText.allIDs.filter { parameters[$0] != Parameters.defaults[$0] }
    .map { "\(ParameterText.name($0))=\(ParameterText.format(parameters[$0], of: $0))" }
  return changed.isEmpty ? "defaults" : changed.joined(separator: " ")
}

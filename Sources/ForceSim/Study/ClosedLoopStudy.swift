import ForceEngine
import ForceTrace

extension StudyRunner {
  /// Participant `participant`'s trials of `config` (its techniques, tasks, repetitions,
  /// seed and users) as `plan` orders them, from trial `from` (0-based: a resumed
  /// session starts after the ones logged), each pressed on the engine `prepare`
  /// returns for it (`RemoteEngine`, or `local` for this process's): a device set up
  /// for the task, in a closed loop (`forcectl study run --simulated`). The
  /// participant's model, the trial numbers and each trial's random stream are `run`'s
  /// (a practice trial's stream is (seed, 6, participant, technique, trial)), so on the
  /// same engine code the records are the ones `run` gives this participant. `done`
  /// hears each trial as it ends; the records come back in the plan's order.
  public static func runParticipant(
    _ config: StudyConfig, participant: Int, plan: StudyPlan, from: Int = 0,
    prepare: (_ trial: PlannedTrial, _ parameters: Parameters) throws -> RemoteEngine,
    done: (TrialRecord) throws -> Void = { _ in }
  ) throws -> [TrialRecord] {
    guard config.sensor.readsIdealCounts else {
      throw ParameterInputError("a closed loop presses the device's own cells: it reads no sensor model")
    }
    let profiles = try practised(config, participant: participant)
    var records: [TrialRecord] = []
    for planned in plan.trials.dropFirst(from) {
      let setup = try StudyDesign.parameters(base: config.base, technique: planned.technique, task: planned.task)
      var engine = try prepare(planned, setup)
      let rng = trialStream(seed: config.seed, participant: participant, planned)
      let outcome = try TrialRunner.run(
        task: planned.task, parameters: setup,
        profile: profiles[config.techniques.firstIndex(of: planned.technique) ?? 0],
        rng: rng, maxMs: config.maxTrialMs, engine: &engine)
      let record = TrialRecord(
        technique: planned.technique, participant: participant, block: planned.block, trial: planned.trial,
        repetition: planned.repetition, task: planned.task, outcome: outcome, practice: planned.practice)
      try done(record)
      records.append(record)
    }
    return records
  }

  /// The generator of a planned trial: `run`'s for a trial of the design, (seed, 6,
  /// participant, technique, trial) for a practice trial.
  public static func trialStream(seed: UInt64, participant: Int, _ planned: PlannedTrial) -> SplitMix64 {
    planned.practice
      ? SplitMix64.stream(seed, 6, UInt64(participant), UInt64(planned.technique.rawValue), UInt64(planned.trial))
      : trialStream(seed: seed, participant: participant, technique: planned.technique, trial: planned.trial)
  }

  /// A fresh engine of this process for `parameters`, as a `RemoteEngine` (the closed
  /// loop's reference: `runParticipant` with it gives `run`'s records).
  public static func local(_ parameters: Parameters) -> RemoteEngine {
    var engine = ForceEngine(parameters: parameters)
    return RemoteEngine { left, right in engine.step(left: left, right: right) }
  }
}

import ForceEngine
import ForceTrace

extension StudyRunner {
  /// Participant `participant`'s trials of `config` (its techniques, tasks, repetitions,
  /// seed and users), the technique blocks in `order`, each trial pressed on the engine
  /// `prepare` returns for it (`RemoteEngine`, or `local` for this process's): a device set up for the task, in a closed loop
  /// (`forcectl study run --simulated`). The participant's model, the trial numbers and
  /// each trial's random stream are `run`'s, so on the same engine code the records are
  /// the ones `run` gives this participant. `done` hears each trial as it ends; the
  /// records come back in `run`'s order (the techniques as `config` lists them).
  public static func runParticipant(
    _ config: StudyConfig, participant: Int, order: [Technique],
    prepare: (_ technique: Technique, _ task: StudyTask, _ parameters: Parameters) throws -> RemoteEngine,
    done: (TrialRecord) throws -> Void = { _ in }
  ) throws -> [TrialRecord] {
    guard config.sensor.readsIdealCounts else {
      throw ParameterInputError("a closed loop presses the device's own cells: it reads no sensor model")
    }
    let profile = profile(
      seed: config.seed, participant: participant, population: config.population.afterPractice(config.practiceTrials))
    var blocks: [Technique: [TrialRecord]] = [:]
    for technique in order {
      let tasks = StudyDesign.tasks(for: technique)
      let setups = try tasks.map { task throws(ParameterInputError) in
        try StudyDesign.parameters(base: config.base, technique: technique, task: task)
      }
      var records: [TrialRecord] = []
      for repetition in 1...max(1, config.repetitions) {
        for (index, task) in tasks.enumerated() {
          let trial = (repetition - 1) * tasks.count + index + 1
          var engine = try prepare(technique, task, setups[index])
          let outcome = try TrialRunner.run(
            task: task, parameters: setups[index], profile: profile,
            rng: trialStream(seed: config.seed, participant: participant, technique: technique, trial: trial),
            maxMs: config.maxTrialMs, engine: &engine)
          let record = TrialRecord(
            technique: technique, participant: participant, trial: trial, repetition: repetition, task: task,
            outcome: outcome)
          try done(record)
          records.append(record)
        }
      }
      blocks[technique] = records
    }
    return config.techniques.flatMap { blocks[$0] ?? [] }
  }

  /// A fresh engine of this process for `parameters`, as a `RemoteEngine` (the closed
  /// loop's reference: `runParticipant` with it gives `run`'s records).
  public static func local(_ parameters: Parameters) -> RemoteEngine {
    var engine = ForceEngine(parameters: parameters)
    return RemoteEngine { left, right in engine.step(left: left, right: right) }
  }
}

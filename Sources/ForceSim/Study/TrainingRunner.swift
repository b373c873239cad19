import Dispatch
import ForceEngine
import ForceTrace

/// The result of the training design: every session trial, and the final test.
public struct TrainingResult: Sendable {
  /// Every session's trials, in (participant, technique, session, trial) order; a
  /// record's `block` is its session (1-based).
  public var sessions: [TrialRecord]
  /// The final test: Study 1's design after the training's 800 trials.
  public var final: StudyResult
  /// Wall-clock time of the sessions and the final test, s.
  public var seconds: Double

  /// Per technique (in order), one cell a session: factor `session`, level `1` … `10`.
  public var sessionCells: [SummaryCell] {
    var techniques: [Technique] = []
    for record in sessions where !techniques.contains(record.technique) { techniques.append(record.technique) }
    return techniques.flatMap { technique in
      (1...TrainingDesign.sessions).map { session in
        StudySummary.cell(
          technique, "session", String(session),
          sessions.filter { $0.technique == technique && $0.block == session })
      }
    }
  }
}

/// Runs the training design (`TrainingDesign`) with simulated participants.
///
/// Participant p is the same person throughout (its constants from the stream
/// (seed, 1, p), drawn from the population after the practice it has had): session s
/// draws it from `config.population.afterPractice(config.practiceTrials + 80·(s − 1))`
/// (`PracticeLaw`), and the final test runs Study 1's design with `practiceTrials + 800`,
/// which is `sim study --practice 800`. Trial k of every session uses the stream
/// (seed, 2, p, t, k): each session meets the same noise (common random numbers), so
/// the curve shows what practice changes, not another sample. Sessions (participant ×
/// technique × session) run on `jobs` threads and are stored by index.
public enum TrainingRunner {
  /// Runs the sessions and the final test. Throws when a task's parameters are invalid
  /// with this base. `progress` is told (units done, units in all): a unit is one
  /// session of one participant and technique, the final test one more.
  public static func run(
    _ config: StudyConfig, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
  ) throws(ParameterInputError) -> TrainingResult {
    let setups = try StudyRunner.setups(config) { _ in TrainingDesign.tasks }
    let started = DispatchTime.now().uptimeNanoseconds
    let sessions = TrainingDesign.sessions
    let participants = max(1, config.participants)
    let units = participants * config.techniques.count * sessions
    let done = BlockQueue(count: units + 1)
    let slots = StudyRunner.inParallel(units, jobs: config.jobs, empty: [TrialRecord]()) { unit in
      let session = unit % sessions + 1
      let techniqueIndex = unit / sessions % config.techniques.count
      let participant = unit / sessions / config.techniques.count + 1
      let population = config.population.afterPractice(
        config.practiceTrials + TrainingDesign.trialsBefore(session: session))
      let profile = StudyRunner.profile(seed: config.seed, participant: participant, population: population)
      let technique = config.techniques[techniqueIndex]
      let records = TrainingDesign.tasks.enumerated().map { index, task in
        let rng = StudyRunner.trialStream(
          seed: config.seed, participant: participant, technique: technique, trial: index + 1)
        let outcome = TrialRunner.run(
          task: task, parameters: setups[techniqueIndex][index], profile: profile, rng: rng,
          maxMs: config.maxTrialMs)
        return TrialRecord(
          technique: technique, participant: participant, block: session, trial: index + 1, repetition: 1,
          task: task, outcome: outcome)
      }
      progress?(done.finish(), units + 1)
      return records
    }
    var test = config
    test.practiceTrials = config.practiceTrials + TrainingDesign.trainingTrials
    let final = try StudyRunner.run(test)
    progress?(done.finish(), units + 1)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    return TrainingResult(sessions: Array(slots.joined()), final: final, seconds: seconds)
  }
}

import Dispatch
import ForceEngine
import ForceTrace

/// The result of the training design: every session trial, and the final test.
public struct TrainingResult: Sendable {
  /// Every session's trials, in (participant, technique, session, trial) order; a
  /// record's `block` is its session (1-based).
  public var sessions: [TrialRecord]
  /// Each participant × technique's sessions (participant, then technique), with what
  /// each session's review decided (`PracticeSession.records` numbered from the first
  /// practice trial).
  public var reviews: [[PracticeSession]]
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
/// (seed, 1, p)), practising by `StrategyLearning`: its skill in session s is the
/// population after `config.practiceTrials + 80·(s − 1)` trials (`PracticeLaw`), and
/// after each session it keeps or drops the bolder choice it tried (`Strategy`). The
/// sessions are those of `practiceTrials + 800` trials of practice, the last ten
/// reported; the final test runs Study 1's design with the skill and the strategies
/// they end with, which is `sim study --practice` that many. Trial k of every session
/// uses the stream (seed, 2, p, t, k): each session meets the same noise (common random
/// numbers), so the curve shows what practice changes, not another sample. Each
/// participant × technique practises on one of `jobs` threads; results are stored by
/// index.
public enum TrainingRunner {
  /// Runs the sessions and the final test. Throws when a task's parameters are invalid
  /// with this base. `progress` is told (units done, units in all): a unit is the
  /// sessions of one participant and technique, the final test one more.
  public static func run(
    _ config: StudyConfig, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
  ) throws(ParameterInputError) -> TrainingResult {
    let setups = try StudyRunner.setups(config) { _ in TrainingDesign.tasks }
    let started = DispatchTime.now().uptimeNanoseconds
    let participants = max(1, config.participants)
    let techniques = config.techniques.count
    let units = participants * techniques
    let before = config.practiceTrials / TrainingDesign.tasks.count
    var test = config
    test.practiceTrials = config.practiceTrials + TrainingDesign.trainingTrials
    let done = BlockQueue(count: units + 1)
    let slots = StudyRunner.inParallel(units, jobs: config.jobs, empty: ([PracticeSession](), Strategy.novice)) {
      unit in
      let techniqueIndex = unit % techniques
      let practice = StrategyLearning.practise(
        config, participant: unit / techniques + 1, technique: config.techniques[techniqueIndex],
        setups: setups[techniqueIndex], trials: test.practiceTrials, keepingFrom: before + 1)
      progress?(done.finish(), units + 1)
      return practice
    }
    // Reported in (participant, technique, session) order, sessions numbered from 1.
    let sessions = slots.flatMap { practice in
      practice.0.flatMap { session in
        session.records.map { record in
          var record = record
          record.block -= before
          return record
        }
      }
    }
    let strategies = (0..<participants).map { p in (0..<techniques).map { slots[p * techniques + $0].1 } }
    let final = try StudyRunner.run(test, strategies: strategies)
    progress?(done.finish(), units + 1)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    return TrainingResult(
      sessions: sessions, reviews: slots.map(\.0), final: final, seconds: seconds)
  }
}

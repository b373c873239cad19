import ForceEngine
import ForceTrace

/// One session of practice (80 trials of `TrainingDesign.tasks`) and what the
/// participant made of it.
public struct PracticeSession: Sendable {
  /// The session, 1-based from the first practice trial.
  public var session: Int
  /// Its trials, in task order; a record's `block` is `session`.
  public var records: [TrialRecord]
  /// The choice the participant tried a step bolder in half its trials.
  public var probed: Strategy.Choice
  /// The trials that compared the two (the probe's and the current strategy's): how
  /// many succeeded and how long they took in all, ms (a time-out counts the cap).
  public var probeSuccesses, currentSuccesses, probeTimeMs, currentTimeMs: Int
  /// Whether it kept the bolder choice.
  public var kept: Bool
  /// The strategy after the session's review.
  public var strategy: Strategy
}

/// How practice changes what a participant chooses to do (`Strategy`), by the law of
/// effect (Thorndike 1911): a participant keeps what was faster at equal success.
///
/// Practice is sessions of the training design's 80 tasks. In session *j* the
/// participant tries one choice a step bolder (`Strategy.probe`; the four choices in
/// turn), on one task of each (RANGE, DISTANCE) pair, the up task and the down task
/// taking turns, and keeps its current strategy on the other. After the session it
/// compares the pairs the choice concerns (for the two boost choices, the pairs whose
/// distance is beyond the bolder boost distance; for the others every pair): it keeps
/// the bolder choice when those trials succeeded at least as often and took less time
/// in all. Its skill meanwhile follows `PracticeLaw`: session *j* of a practice of
/// N trials is the population after (N mod 80) + 80·(j − 1) trials (the trials short of
/// a whole session come first, and no review follows them).
///
/// A trial's random stream is that of the same trial of a `sim study` block, (seed,
/// 2, p, t, k) for the session's k-th task: every session meets the same noise.
public enum StrategyLearning {
  /// The most practice trials a study models (100 sessions): each is simulated.
  public static let maxPracticeTrials = 8_000

  /// The choice session `session` (1-based) tries: the four in turn.
  public static func probed(session: Int) -> Strategy.Choice {
    Strategy.Choice.allCases[(session - 1) % Strategy.Choice.allCases.count]
  }

  /// Which of a session's tasks (`TrainingDesign.tasks` order: per distance the four
  /// up tasks, then the four down) try the probe: one task of each (distance, RANGE)
  /// pair. The pairs `concerns` picks take turns, the up task first when the probe's
  /// round (how many times this choice was tried before) is even, and so do the
  /// others, so the probe's up and down tasks differ by at most one.
  public static func probeTasks(session: Int, concerns: (StudyTask) -> Bool) -> [Bool] {
    let tasks = TrainingDesign.tasks
    let round = (session - 1) / Strategy.Choice.allCases.count
    var probes = [Bool](repeating: false, count: tasks.count)
    var turns = [round, round]  // the next turn among the concerned pairs, and the others
    let ranges = StudyDesign.ranges.count
    for distance in 0..<tasks.count / (2 * ranges) {
      for range in 0..<ranges {
        let up = distance * 2 * ranges + range
        let group = concerns(tasks[up]) ? 0 : 1
        probes[turns[group] % 2 == 0 ? up : up + ranges] = true
        turns[group] += 1
      }
    }
    return probes
  }

  /// The strategy participant `participant` brings to `technique` after
  /// `config.practiceTrials` trials (the novice's below one session).
  public static func strategy(
    _ config: StudyConfig, participant: Int, technique: Technique, setups: [Parameters]
  ) -> Strategy {
    practise(config, participant: participant, technique: technique, setups: setups, trials: config.practiceTrials)
      .strategy
  }

  /// Every session of `trials` practice trials of `technique` (`setups`: the
  /// parameters of each of `TrainingDesign.tasks`), and the strategy at the end. Only
  /// the sessions from `keepingFrom` (1-based) on are returned; those before are run
  /// for the strategy they teach.
  public static func practise(
    _ config: StudyConfig, participant: Int, technique: Technique, setups: [Parameters], trials: Int,
    keepingFrom: Int = 1
  ) -> (sessions: [PracticeSession], strategy: Strategy) {
    let perSession = TrainingDesign.tasks.count
    let sessions = max(0, trials) / perSession
    let before = max(0, trials) % perSession
    var strategy = Strategy.novice
    var kept: [PracticeSession] = []
    for session in stride(from: 1, through: sessions, by: 1) {
      let population = config.population.afterPractice(before + TrainingDesign.trialsBefore(session: session))
      let profile = StudyRunner.profile(seed: config.seed, participant: participant, population: population)
      let result = run(
        session: session, config: config, participant: participant, technique: technique, setups: setups,
        profile: profile, strategy: strategy)
      strategy = result.strategy
      if session >= keepingFrom { kept.append(result) }
    }
    return (kept, strategy)
  }

  /// One session: the trials, then the review.
  static func run(
    session: Int, config: StudyConfig, participant: Int, technique: Technique, setups: [Parameters],
    profile: UserProfile, strategy: Strategy
  ) -> PracticeSession {
    let choice = probed(session: session)
    let bolder = strategy.probe(choice)
    let current = strategy.apply(to: profile)
    let probing = bolder.apply(to: profile)
    // The pairs the choice concerns: boosting matters only beyond the boost distance.
    let boostsFrom: Double
    switch choice {
    case .boostDistance, .boostForce: boostsFrom = probing.boostDistance
    case .releaseMargin, .caution: boostsFrom = -1
    }
    let concerns = { (task: StudyTask) in Double(abs(task.target - task.start)) > boostsFrom }
    let probes = probeTasks(session: session, concerns: concerns)
    let records = TrainingDesign.tasks.enumerated().map { index, task in
      let rng = StudyRunner.trialStream(
        seed: config.seed, participant: participant, technique: technique, trial: index + 1)
      let outcome = TrialRunner.run(
        task: task, parameters: setups[index], profile: probes[index] ? probing : current, rng: rng,
        maxMs: config.maxTrialMs)
      return TrialRecord(
        technique: technique, participant: participant, block: session, trial: index + 1, repetition: 1, task: task,
        outcome: outcome)
    }
    var review = PracticeSession(
      session: session, records: records, probed: choice, probeSuccesses: 0, currentSuccesses: 0, probeTimeMs: 0,
      currentTimeMs: 0, kept: false, strategy: strategy)
    for (index, record) in records.enumerated() where concerns(record.task) {
      let success = record.success ? 1 : 0
      if probes[index] {
        review.probeSuccesses += success
        review.probeTimeMs += record.outcome.timeMs
      } else {
        review.currentSuccesses += success
        review.currentTimeMs += record.outcome.timeMs
      }
    }
    review.kept = review.probeSuccesses >= review.currentSuccesses && review.probeTimeMs < review.currentTimeMs
    if review.kept { review.strategy = bolder }
    return review
  }
}

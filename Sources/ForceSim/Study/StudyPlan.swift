import ForceEngine
import ForceTrace

/// One trial of a participant's session as the design plans it, before it runs.
public struct PlannedTrial: Equatable, Sendable {
  /// Technique.
  public var technique: Technique
  /// The technique block's place in the participant's order, 1-based.
  public var block: Int
  /// Trial number within the block (practice trials numbered on their own), 1-based.
  public var trial: Int
  /// Repetition of the task, 1-based; 0 for a practice trial.
  public var repetition: Int
  /// A practice trial before the block.
  public var practice: Bool
  /// The task.
  public var task: StudyTask

  /// Whether `record` is this trial: the same technique, block, numbers and task.
  public func matches(_ record: TrialRecord) -> Bool {
    record.technique == technique && record.block == block && record.trial == trial
      && record.repetition == repetition && record.practice == practice && record.task == task
  }

  /// "block 2 (pulse) trial 5" or "block 1 (thumb-roll) practice trial 2".
  public var description: String {
    "block \(block) (\(technique.name)) \(practice ? "practice trial" : "trial") \(trial)"
  }
}

/// A participant's whole session in order (Docs/running-a-study.md): the technique
/// blocks in the order of `StudyConfig.order(participant:)`, each `practiceTrials`
/// practice trials, then every task once a repetition, as `sim study` numbers them.
public struct StudyPlan: Sendable {
  /// The trials in the order they run.
  public let trials: [PlannedTrial]

  /// The techniques in the order their blocks run.
  public var techniques: [Technique] {
    var order: [Technique] = []
    for trial in trials where !order.contains(trial.technique) { order.append(trial.technique) }
    return order
  }

  /// A plan of `trials` (a trial table's, `TrialTable`).
  public init(trials: [PlannedTrial]) { self.trials = trials }

  /// The plan of participant `participant` under `config`, with `practiceTrials` practice
  /// trials before each block: the block's tasks in an order shuffled from (seed, 5,
  /// participant, technique), taken in turn.
  public init(_ config: StudyConfig, participant: Int, practiceTrials: Int = 0) {
    var trials: [PlannedTrial] = []
    for (position, technique) in config.order(participant: participant).enumerated() {
      let tasks = StudyDesign.tasks(for: technique)
      if practiceTrials > 0 {
        var random = SplitMix64.stream(config.seed, 5, UInt64(participant), UInt64(technique.rawValue))
        var shuffled = tasks
        for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
          shuffled.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        for trial in 1...practiceTrials {
          trials.append(
            PlannedTrial(
              technique: technique, block: position + 1, trial: trial, repetition: 0, practice: true,
              task: shuffled[(trial - 1) % shuffled.count]))
        }
      }
      for repetition in 1...max(1, config.repetitions) {
        for (index, task) in tasks.enumerated() {
          trials.append(
            PlannedTrial(
              technique: technique, block: position + 1, trial: (repetition - 1) * tasks.count + index + 1,
              repetition: repetition, practice: false, task: task))
        }
      }
    }
    self.trials = trials
  }

  /// How many trials of the plan `logged` holds, in order from the first; throws,
  /// naming the first row that is not the planned trial, when they are another
  /// participant's or another design's.
  public func done(by logged: [TrialRecord], participant: Int) throws(ParameterInputError) -> Int {
    for (index, record) in logged.enumerated() {
      guard record.participant == participant else {
        throw ParameterInputError(
          "trial \(index + 1) of the log is participant \(record.participant)'s, not \(participant)'s")
      }
      guard index < trials.count else {
        throw ParameterInputError("the log has \(logged.count) trials; this design has \(trials.count)")
      }
      guard trials[index].matches(record) else {
        throw ParameterInputError(
          "trial \(index + 1) of the log is not the design's \(trials[index].description) "
            + "(another --technique, --repetitions, --practice-trials or --seed?)")
      }
    }
    return logged.count
  }
}

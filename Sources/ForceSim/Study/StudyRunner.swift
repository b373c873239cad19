import Dispatch
import ForceEngine
import ForceTrace
import Foundation

/// How to run a simulated study.
public struct StudyConfig: Sendable {
  /// Techniques, each a block of every task × repetition per participant.
  public var techniques: [Technique]
  /// Number of simulated participants.
  public var participants: Int
  /// Repetitions of each task.
  public var repetitions: Int
  /// Seed of everything random.
  public var seed: UInt64
  /// Engine parameters before each task's range, start and technique are set.
  public var base: Parameters
  /// Time cap of a trial (a time-out is a failure).
  public var maxTrialMs: Int
  /// Worker threads. Results do not depend on it.
  public var jobs: Int
  /// The population the participants are drawn from (before practice).
  public var population: UserPopulation
  /// Practice trials every participant has done before the study (`PracticeLaw`).
  public var practiceTrials: Int
  /// The sensor every participant presses through, each on a device of its own
  /// (`ParticipantDevice`); `.ideal`: the ideal counts, no sensor model.
  public var sensor: StudySensor

  /// Creates a configuration (the study's defaults: 16 participants, 3 repetitions).
  public init(
    techniques: [Technique] = StudyDesign.studyTechniques, participants: Int = 16, repetitions: Int = 3,
    seed: UInt64 = 1, base: Parameters = .defaults, maxTrialMs: Int = 30_000, jobs: Int = 1,
    population: UserPopulation = .novice, practiceTrials: Int = 0, sensor: StudySensor = .ideal
  ) {
    self.sensor = sensor
    self.population = population
    self.practiceTrials = practiceTrials
    self.techniques = techniques
    self.participants = participants
    self.repetitions = repetitions
    self.seed = seed
    self.base = base
    self.maxTrialMs = maxTrialMs
    self.jobs = jobs
  }
}

extension StudyConfig {
  /// Participant `participant`'s technique blocks in the order they run: `techniques`
  /// counterbalanced by a balanced Latin square from the participant number.
  public func order(participant: Int) -> [Technique] {
    BalancedLatinSquare(conditions: max(1, techniques.count)).order(participant: participant).compactMap {
      techniques.indices.contains($0) ? techniques[$0] : nil
    }
  }

  /// The place of `technique`'s block in participant `participant`'s order, 1-based.
  public func block(of technique: Technique, participant: Int) -> Int {
    (order(participant: participant).firstIndex(of: technique) ?? 0) + 1
  }
}

/// One row of the per-trial CSV.
public struct TrialRecord: Equatable, Sendable {
  /// Technique.
  public var technique: Technique
  /// Participant, 1-based.
  public var participant: Int
  /// The technique block's place in the participant's order, 1-based.
  public var block: Int
  /// Trial within the participant's block for this technique, 1-based (practice
  /// trials are numbered on their own).
  public var trial: Int
  /// Repetition, 1-based.
  public var repetition: Int
  /// The task.
  public var task: StudyTask
  /// The result.
  public var outcome: TrialOutcome
  /// A practice trial before the block (not analysed).
  public var practice: Bool
  /// Marked by the experimenter as disturbed (kept in the log, not analysed).
  public var disturbed: Bool

  /// A record.
  public init(
    technique: Technique, participant: Int, block: Int, trial: Int, repetition: Int, task: StudyTask,
    outcome: TrialOutcome, practice: Bool = false, disturbed: Bool = false
  ) {
    self.technique = technique
    self.participant = participant
    self.block = block
    self.trial = trial
    self.repetition = repetition
    self.task = task
    self.outcome = outcome
    self.practice = practice
    self.disturbed = disturbed
  }

  /// Whether the committed value is the target.
  public var success: Bool { outcome.success(target: task.target) }
}

/// The result of a study: every trial, in (participant, technique, trial) order.
public struct StudyResult: Sendable {
  /// The configuration it ran with.
  public var config: StudyConfig
  /// Every trial.
  public var records: [TrialRecord]
  /// Each participant's user model, participant 1 first.
  public var profiles: [UserProfile]
  /// Wall-clock time of the simulation, s.
  public var seconds: Double
  /// Each participant's device, participant 1 first: its calibration and how its
  /// session ended (empty when the study read the ideal counts).
  public var devices: [ParticipantDevice.Record] = []
  /// Each participant's strategy for each technique (participant 1 first, techniques
  /// in the configuration's order): the novice's unless practice taught another.
  public var strategies: [[Strategy]] = []
  /// Wall-clock time of the practice run to learn `strategies`, s (0 when none was
  /// run: less than a session of practice, or strategies learned by the caller).
  public var practiceSeconds = 0.0

  /// Simulated trials per wall-clock second.
  public var trialsPerSecond: Double { seconds > 0 ? Double(records.count) / seconds : 0 }
}

/// Runs the study design (Docs/study-design.md) with simulated participants, in parallel.
///
/// Participant p's user model comes from the stream (seed, 1, p); trial k of technique
/// t from (seed, 2, p, t, k). Blocks (participant × technique), a repetition at a
/// time, are handed to `jobs` threads from a shared queue and stored by index, so the
/// results are the same for any number of threads. Through a sensor, a unit is a
/// participant's whole session (every technique, in order, on its own device: its
/// sensor seeded from (seed, 3, p), its calibration presses from (seed, 4, p)).
public enum StudyRunner {
  /// The user model of participant `participant` (1-based), drawn from `population`.
  public static func profile(seed: UInt64, participant: Int, population: UserPopulation = .novice) -> UserProfile {
    var generator = SplitMix64.stream(seed, 1, UInt64(participant))
    return UserProfile.draw(population, using: &generator)
  }

  /// The generator of one trial.
  public static func trialStream(seed: UInt64, participant: Int, technique: Technique, trial: Int) -> SplitMix64 {
    SplitMix64.stream(seed, 2, UInt64(participant), UInt64(technique.rawValue), UInt64(trial))
  }

  /// Runs the study. Throws when a task's parameters are invalid with this base.
  /// `progress` is told (units done, units in all) after each unit of work, from the
  /// thread that ran it: a repetition of a participant × technique block (through a
  /// sensor, a whole block).
  public static func run(
    _ config: StudyConfig, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
  ) throws(ParameterInputError) -> StudyResult {
    try run(config, strategies: nil, progress: progress)
  }

  /// `run`, with each participant's strategy for each technique (participant, then
  /// technique, in `config`'s order) already learned (`TrainingRunner`); nil: learned
  /// here from `config.practiceTrials` (`StrategyLearning`).
  static func run(
    _ config: StudyConfig, strategies learned: [[Strategy]]?,
    progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
  ) throws(ParameterInputError) -> StudyResult {
    let setups = try setups(config, tasks: StudyDesign.tasks(for:))
    let population = config.population.afterPractice(config.practiceTrials)
    let profiles = (1...max(1, config.participants)).map {
      profile(seed: config.seed, participant: $0, population: population)
    }
    let strategies: [[Strategy]]
    let practiceStarted = DispatchTime.now().uptimeNanoseconds
    if let learned { strategies = learned } else { strategies = try self.strategies(config) }
    let ranPractice = learned == nil && config.practiceTrials >= TrainingDesign.tasks.count
    let practiceSeconds = ranPractice ? Double(DispatchTime.now().uptimeNanoseconds - practiceStarted) / 1e9 : 0
    if !config.sensor.readsIdealCounts {
      var result = try runSessions(
        config, setups: setups, profiles: profiles, strategies: strategies, progress: progress)
      result.practiceSeconds = practiceSeconds
      return result
    }
    // A unit of work is one repetition of a block: small enough that two threads
    // finish within a fraction of a block of each other.
    let repetitions = max(1, config.repetitions)
    let units = config.participants * config.techniques.count * repetitions
    let started = DispatchTime.now().uptimeNanoseconds
    let done = BlockQueue(count: units)
    let slots = inParallel(units, jobs: config.jobs, empty: [TrialRecord]()) { unit in
      let block = unit / repetitions
      let participant = block / config.techniques.count + 1
      let techniqueIndex = block % config.techniques.count
      let repetition = unit % repetitions + 1
      let records = runBlock(
        config: config, participant: participant, technique: config.techniques[techniqueIndex],
        setups: setups[techniqueIndex], repetitions: repetition...repetition,
        profile: strategies[participant - 1][techniqueIndex].apply(to: profiles[participant - 1]))
      progress?(done.finish(), units)
      return records
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    return StudyResult(
      config: config, records: Array(slots.joined()), profiles: profiles, seconds: seconds, strategies: strategies,
      practiceSeconds: practiceSeconds)
  }

  /// Participant `participant` of `config` as it comes to each of `config.techniques`
  /// (same order): drawn after the practice, choosing by the strategy the practice
  /// taught it for that technique. What `run` gives the participant's blocks.
  public static func practised(
    _ config: StudyConfig, participant: Int
  ) throws(ParameterInputError) -> [UserProfile] {
    let drawn = profile(
      seed: config.seed, participant: participant, population: config.population.afterPractice(config.practiceTrials))
    return try strategies(config, participants: participant...participant)[0].map { $0.apply(to: drawn) }
  }

  /// The strategy each of `participants` (default: all of `config`'s) brings to each
  /// technique after `config.practiceTrials` (participant, then technique): the
  /// novice's without a whole session of practice, else learned by running the
  /// practice (`StrategyLearning`), on `config.jobs` threads.
  static func strategies(
    _ config: StudyConfig, participants: ClosedRange<Int>? = nil
  ) throws(ParameterInputError) -> [[Strategy]] {
    let people = participants ?? 1...max(1, config.participants)
    let techniques = config.techniques.count
    guard config.practiceTrials >= TrainingDesign.tasks.count else {
      return Array(repeating: Array(repeating: .novice, count: techniques), count: people.count)
    }
    let setups = try setups(config) { _ in TrainingDesign.tasks }
    let learned = inParallel(people.count * techniques, jobs: config.jobs, empty: Strategy.novice) { unit in
      StrategyLearning.strategy(
        config, participant: people.lowerBound + unit / techniques, technique: config.techniques[unit % techniques],
        setups: setups[unit % techniques])
    }
    return (0..<people.count).map { Array(learned[$0 * techniques..<($0 + 1) * techniques]) }
  }

  /// Every (technique, task)'s parameters, validated once, up front: a row per technique
  /// of `config`, a column per task of `tasks(technique)`.
  static func setups(
    _ config: StudyConfig, tasks: (Technique) -> [StudyTask]
  ) throws(ParameterInputError) -> [[Parameters]] {
    var setups: [[Parameters]] = []
    for technique in config.techniques {
      var row: [Parameters] = []
      for task in tasks(technique) {
        row.append(try StudyDesign.parameters(base: config.base, technique: technique, task: task))
      }
      setups.append(row)
    }
    return setups
  }

  /// The study through `config.sensor`: each participant calibrates its own device,
  /// then does every technique's block on it, in order; one session per block.
  static func runSessions(
    _ config: StudyConfig, setups: [[Parameters]], profiles: [UserProfile], strategies: [[Strategy]],
    progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
  ) throws(ParameterInputError) -> StudyResult {
    let started = DispatchTime.now().uptimeNanoseconds
    var devices: [ParticipantDevice] = []
    for participant in 1...max(1, config.participants) {
      do {
        devices.append(
          try ParticipantDevice(
            sensor: config.sensor, seed: config.seed, participant: participant, profile: profiles[participant - 1],
            sampleRateHz: config.base.sampleRateHz))
      } catch {
        throw ParameterInputError("participant \(participant) could not calibrate: \(error.message)")
      }
    }
    let sessions = config.participants
    let blocks = sessions * config.techniques.count
    let blocksDone = BlockQueue(count: blocks)
    let start = devices
    let slots = inParallel(sessions, jobs: config.jobs, empty: ([TrialRecord](), ParticipantDevice?.none)) {
      session in
      var device = start[session]
      var records: [TrialRecord] = []
      for (index, technique) in config.techniques.enumerated() {
        records += runBlock(
          config: config, participant: session + 1, technique: technique, setups: setups[index],
          profile: strategies[session][index].apply(to: profiles[session]), device: &device)
        // Progress in blocks (participant × technique).
        progress?(blocksDone.finish(), blocks)
      }
      return (records, device)
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    var result = StudyResult(
      config: config, records: Array(slots.map(\.0).joined()), profiles: profiles, seconds: seconds,
      strategies: strategies)
    result.devices = slots.compactMap { $0.1?.record }
    return result
  }

  /// `body(0) … body(count − 1)` on up to `jobs` threads, each index once, the results
  /// in index order (`empty` fills the slots until their result is in).
  static func inParallel<T>(_ count: Int, jobs: Int, empty: T, _ body: (Int) -> T) -> [T] {
    let storage = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, count))
    storage.initialize(repeating: empty)
    defer {
      _ = storage.deinitialize()
      storage.deallocate()
    }
    nonisolated(unsafe) let slots = storage
    let queue = BlockQueue(count: count)
    withoutActuallyEscaping(body) { body in
      nonisolated(unsafe) let work = body
      DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
        while let index = queue.take() { slots[index] = work(index) }
      }
    }
    return Array(slots.prefix(count))
  }

  /// One participant's block of one technique, or the `repetitions` of it: every task,
  /// once a repetition, each trial run by `run` (task, its parameters, its random stream).
  static func runBlock(
    config: StudyConfig, participant: Int, technique: Technique, setups: [Parameters],
    repetitions: ClosedRange<Int>, run: (StudyTask, Parameters, SplitMix64) -> TrialOutcome
  ) -> [TrialRecord] {
    let tasks = StudyDesign.tasks(for: technique)
    let block = config.block(of: technique, participant: participant)
    var records: [TrialRecord] = []
    records.reserveCapacity(tasks.count * repetitions.count)
    for repetition in repetitions {
      for (index, task) in tasks.enumerated() {
        let trial = (repetition - 1) * tasks.count + index + 1
        let rng = trialStream(seed: config.seed, participant: participant, technique: technique, trial: trial)
        records.append(
          TrialRecord(
            technique: technique, participant: participant, block: block, trial: trial, repetition: repetition,
            task: task, outcome: run(task, setups[index], rng)))
      }
    }
    return records
  }

  /// `runBlock` on the ideal counts.
  static func runBlock(
    config: StudyConfig, participant: Int, technique: Technique, setups: [Parameters],
    repetitions: ClosedRange<Int>, profile: UserProfile
  ) -> [TrialRecord] {
    runBlock(
      config: config, participant: participant, technique: technique, setups: setups, repetitions: repetitions
    ) { task, setup, rng in
      TrialRunner.run(task: task, parameters: setup, profile: profile, rng: rng, maxMs: config.maxTrialMs)
    }
  }

  /// `runBlock` on the participant's own `device`, whose clock runs on from trial to trial.
  static func runBlock(
    config: StudyConfig, participant: Int, technique: Technique, setups: [Parameters], profile: UserProfile,
    device: inout ParticipantDevice
  ) -> [TrialRecord] {
    runBlock(
      config: config, participant: participant, technique: technique, setups: setups,
      repetitions: 1...max(1, config.repetitions)
    ) { task, setup, rng in
      TrialRunner.run(
        task: task, parameters: setup, profile: profile, rng: rng, maxMs: config.maxTrialMs, device: &device)
    }
  }
}

/// Hands out block indices to worker threads.
final class BlockQueue: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0
  private var finished = 0
  private let count: Int

  init(count: Int) { self.count = count }

  func take() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < count else { return nil }
    next += 1
    return next - 1
  }

  /// Counts one more block done; returns how many are.
  func finish() -> Int {
    lock.lock()
    defer { lock.unlock() }
    finished += 1
    return finished
  }
}

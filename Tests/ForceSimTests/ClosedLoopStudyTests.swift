import ForceEngine
import ForceTrace
import Testing

@testable import ForceSim

/// The closed loop's study runner, pressing this process's engine, gives `sim study`'s
/// records for the participant, in the participant's block order, with practice
/// trials before each block, and from any trial on (a resumed session).
struct ClosedLoopStudyTests {
  static let config = StudyConfig(techniques: [.thumbRoll, .pulse], participants: 2, repetitions: 1, seed: 5)

  static func run(_ plan: StudyPlan, from: Int = 0, done: (TrialRecord) -> Void = { _ in }) throws -> [TrialRecord] {
    try StudyRunner.runParticipant(config, participant: 2, plan: plan, from: from) { _, parameters in
      StudyRunner.local(parameters)
    } done: {
      done($0)
    }
  }

  @Test func oneParticipantsTrialsAreTheStudysInTheirBlockOrder() throws {
    let study = try StudyRunner.run(Self.config).records.filter { $0.participant == 2 }
    #expect(Self.config.order(participant: 2) == [.pulse, .thumbRoll])
    var logged: [TrialRecord] = []
    let records = try Self.run(StudyPlan(Self.config, participant: 2)) { logged.append($0) }
    #expect(records == logged)
    #expect(Set(records.map(\.trial)).count == 32 && records.first?.technique == .pulse)
    #expect(
      records.sorted { ($0.block, $0.trial) < ($1.block, $1.trial) }
        == study.sorted { ($0.block, $0.trial) < ($1.block, $1.trial) })
  }

  @Test func practiceTrialsComeBeforeEachBlockAndChangeNoTrial() throws {
    let plain = try Self.run(StudyPlan(Self.config, participant: 2))
    let plan = StudyPlan(Self.config, participant: 2, practiceTrials: 3)
    let records = try Self.run(plan)
    #expect(records.count == 70)
    #expect(records.prefix(3).allSatisfy { $0.practice && $0.technique == .pulse && $0.repetition == 0 })
    #expect(records[35...37].allSatisfy { $0.practice && $0.technique == .thumbRoll })
    #expect(records.filter { !$0.practice } == plain)
    // The practice tasks are the block's, in a shuffled order.
    #expect(Set(records.prefix(3).map(\.task.target)).count == 3)
  }

  @Test func aResumedSessionGoesOnWhereTheLogStops() throws {
    let plan = StudyPlan(Self.config, participant: 2, practiceTrials: 2)
    let whole = try Self.run(plan)
    let logged = Array(whole.prefix(23))
    #expect(try plan.done(by: logged, participant: 2) == 23)
    #expect(try logged + Self.run(plan, from: 23) == whole)
    // Another participant's log, or another design's, is refused by the first trial that differs.
    #expect(throws: ParameterInputError("trial 1 of the log is participant 2's, not 3's")) {
      try plan.done(by: logged, participant: 3)
    }
    let other = StudyPlan(Self.config, participant: 2, practiceTrials: 1)
    #expect(
      throws: ParameterInputError(
        "trial 2 of the log is not the design's block 1 (pulse) trial 1 (another --technique, --repetitions, --practice-trials or --seed?)"
      )
    ) { try other.done(by: logged, participant: 2) }
  }
}

import ForceEngine
import ForceTrace
import Testing

@testable import ForceSim

/// Why thumb-roll and pulse are about equally accurate (Docs/user-model.md, "What the
/// user believes during its own reversal"): a user counts its own roll's motion in the
/// new direction once the roll passes the device's threshold, and takes the display's
/// jump back after its own pulse for the undo it is, not for a crossing into the item.
@Suite struct AccuracyMechanismTests {
  static let oneDown = StudyTask(range: 30, distance: .oneStep, direction: .down, start: 13, target: 12)

  /// Participant `participant` of the committed novices on `task`, trial streams 1…`trials`.
  static func successes(_ technique: Technique, _ task: StudyTask, participants: ClosedRange<Int>, trials: Int) throws
    -> Int
  {
    let parameters = try StudyDesign.parameters(base: .defaults, technique: technique, task: task)
    var count = 0
    for participant in participants {
      let profile = StudyRunner.profile(seed: 1, participant: participant)
      for trial in 1...trials {
        let rng = StudyRunner.trialStream(seed: 1, participant: participant, technique: technique, trial: trial)
        if TrialRunner.run(task: task, parameters: parameters, profile: profile, rng: rng).success(target: task.target)
        {
          count += 1
        }
      }
    }
    return count
  }

  /// A step down needs the reversal first (a roll, a pulse), then a creep of one item.
  /// With the believed motion of the roll in the old direction, about one novice trial in
  /// four ran one past; with the undo read as a crossing, one pulse trial in seven.
  @Test(arguments: [Technique.thumbRoll, .pulse])
  func novicesStepDownOnceAfterTheirReversal(_ technique: Technique) throws {
    let done = try Self.successes(technique, Self.oneDown, participants: 1...8, trials: 8)
    #expect(done >= 62, "\(technique.name): \(done) of 64")
  }

  @Test func theRollCountsInTheNewDirectionOncePastTheThreshold() throws {
    let parameters = try StudyDesign.parameters(base: .defaults, technique: .thumbRoll, task: Self.oneDown)
    var user = SimulatedUser(
      profile: .typical, parameters: parameters, start: 13, target: 12, rng: SplitMix64.stream(1, 9))
    user.phase = .maneuver
    user.maneuver = .roll(-1)
    var rng = SplitMix64.stream(1, 10)
    func hold(balance: Double) {
      let command = ThumbCommand(
        force: 400, rise: 10, fall: 10, lagMs: 0, balance: balance, balanceRate: 100, frameMs: 5)
      for _ in 0..<50 { _ = user.thumb.step(command, rng: &rng) }
    }
    hold(balance: -0.1)  // short of the 0.15 threshold: the device still goes up
    #expect(user.believedMotion() > 0)
    hold(balance: -0.2)  // past it: the device goes down, before the roll is complete
    #expect(user.believedMotion() < 0)
  }
}

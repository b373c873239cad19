import ForceEngine
import Testing

@testable import ForceSim

/// The novice's mechanisms on single trials: taps, decision time, the press past the
/// sensor's ceiling with its feedback-driven release, the pulse's timing.
@Suite struct NoviceMechanismTests {
  static let oneUp = StudyTask(range: 30, distance: .oneStep, direction: .up, start: 19, target: 20)
  static let oneDown = StudyTask(range: 30, distance: .oneStep, direction: .down, start: 13, target: 12)
  static let down = StudyTask(range: 30, distance: .twentyPercent, direction: .down, start: 19, target: 13)

  static func trace(_ technique: Technique, _ task: StudyTask, _ profile: UserProfile) throws -> (
    TrialOutcome, [TrialFrame]
  ) {
    try SimulatedUserTests.trace(technique, task: task, profile: profile)
  }

  static func count(_ frames: [TrialFrame], _ kind: EngineEvents.Kind) -> Int {
    frames.filter { $0.output.events.contains(kind) }.count
  }

  @Test(arguments: [Technique.thumbRoll, .pulse, .pressThrough, .twoButton])
  func oneStepUpIsATap(_ technique: Technique) throws {
    let (outcome, frames) = try Self.trace(technique, Self.oneUp, .typical)
    #expect(outcome.success(target: 20))
    #expect(Self.count(frames, .activate) == 1)
    // The value never changes while touching: the device steps once, at the lift.
    #expect(frames.dropLast().allSatisfy { $0.output.value == 19 })
  }

  @Test func pressThroughCannotTapForOneStepDown() throws {
    let (outcome, frames) = try Self.trace(.pressThrough, Self.oneDown, .typical)
    #expect(outcome.success(target: 12))
    #expect(Self.count(frames, .reverse) == 1)
    // Reverse mode ends with the lift, so the step down is scrolled, not tapped.
    #expect(frames.dropLast().contains { $0.output.value == 12 })
    // Two-button can tap down: the left cell is down.
    let (button, buttonFrames) = try Self.trace(.twoButton, Self.oneDown, .typical)
    #expect(button.success(target: 12))
    #expect(Self.count(buttonFrames, .activate) == 1)
    #expect(buttonFrames.dropLast().allSatisfy { $0.output.value == 13 })
  }

  /// After a pulse the display shows the pulse's own motion and its undo; having seen
  /// the value move, the user no longer taps and scrolls the step instead.
  @Test func afterAPulseTheStepIsScrolled() throws {
    let (pulse, frames) = try Self.trace(.pulse, Self.oneDown, .typical)
    #expect(pulse.success(target: 12))
    let toggled = try #require(frames.firstIndex { $0.output.events.contains(.pulse) })
    #expect(Self.count(frames, .pulse) == 1)
    #expect(frames[..<toggled].contains { $0.output.value == 14 })  // the pulse's motion, shown
    #expect(frames[toggled...].dropLast().contains { $0.output.value == 12 })  // then scrolled down
  }

  @Test func aNoviceDecidesBeforeActing() throws {
    var slow = UserProfile.typical
    slow.decisionMs = 800
    let (_, quickFrames) = try Self.trace(.thumbRoll, Self.down, .typical)
    let (outcome, slowFrames) = try Self.trace(.thumbRoll, Self.down, slow)
    #expect(outcome.success(target: 13))
    let quick = try #require(quickFrames.firstIndex { $0.output.events.contains(.activate) })
    let late = try #require(slowFrames.firstIndex { $0.output.events.contains(.activate) })
    // Once when planning the first act, once more before the roll (5 ms frames).
    #expect(late - quick >= 2 * 800 / 5 - 20)
  }

  @Test func pressThroughPushesPastTheCeilingAndOvershootsOnTheBlindRelease() throws {
    var novice = UserProfile.typical
    novice.overpress = 1500
    novice.searchFallPerMs = 3
    let (outcome, frames) = try Self.trace(.pressThrough, Self.oneDown, novice)
    #expect(outcome.success(target: 12))
    // The thumb presses far past full scale; the device sees 1023.
    let hard = frames.filter { Int($0.left) + Int($0.right) > 1400 }
    #expect(!hard.isEmpty && hard.allSatisfy { $0.output.force == 1023 })
    // Easing off without feedback carries the value past the target; the user comes
    // back with a second press. The practised user (easing off to a force it knows) does not.
    let (_, carefulFrames) = try Self.trace(.pressThrough, Self.oneDown, .typical)
    #expect(outcome.crossings >= 1)
    #expect(frames.contains { $0.output.value < 11 })
    #expect(Self.count(frames, .activate) > Self.count(carefulFrames, .activate))
  }

  @Test func aPulseHeldTooLongFailsAndTheNextIsQuicker() throws {
    var slow = UserProfile.typical
    slow.pulseHoldMs = 400  // longer than pulse_window_ms (300): the first pulse cannot toggle
    let (outcome, frames) = try Self.trace(.pulse, Self.down, slow)
    #expect(outcome.success(target: 13))
    let activations = Self.count(frames, .activate)
    let pulses = Self.count(frames, .pulse)
    #expect(pulses >= 1)
    #expect(activations > pulses + 1)  // at least one press that did not toggle
    #expect(frames.contains { $0.output.value > 19 })  // the failed pulse scrolled up
  }
}

import ForceEngine
import ForceTrace
import Testing

@testable import ForceSim

/// The user model on single trials: reversal mechanics and determinism.
@Suite struct SimulatedUserTests {
  static func trace(
    _ technique: Technique, task: StudyTask, profile: UserProfile = .typical, seed: UInt64 = 3
  ) throws -> (TrialOutcome, [TrialFrame]) {
    let parameters = try StudyDesign.parameters(base: .defaults, technique: technique, task: task)
    return TrialRunner.record(task: task, parameters: parameters, profile: profile, rng: SplitMix64.stream(seed, 9))
  }

  static let down = StudyTask(range: 30, distance: .twentyPercent, direction: .down, start: 19, target: 13)
  static let up = StudyTask(range: 30, distance: .twentyPercent, direction: .up, start: 3, target: 9)

  static func events(_ frames: [TrialFrame], _ kind: EngineEvents.Kind) -> [Int] {
    frames.indices.filter { frames[$0].output.events.contains(kind) }
  }

  @Test func thumbRollRollsLeftToGoDown() throws {
    let (outcome, frames) = try Self.trace(.thumbRoll, task: Self.down)
    #expect(outcome.success(target: 13))
    let turns = Self.events(frames, .direction).filter { frames[$0].output.events.direction == .down }
    #expect(!turns.isEmpty)
    // The roll shows in the cells: more force on the left while going down.
    let rolled = frames[turns[0] + 5]
    #expect(rolled.left > rolled.right)
  }

  @Test func pulseTogglesAndUndoesItsMotion() throws {
    let (outcome, frames) = try Self.trace(.pulse, task: Self.down)
    #expect(outcome.success(target: 13))
    let pulses = Self.events(frames, .pulse)
    #expect(pulses.count == 1)
    #expect(frames[pulses[0]].output.direction == .down)
    #expect(frames[pulses[0]].output.value == 19)  // the pulse's own motion is undone
  }

  @Test func pressThroughReversesAtTheMaximum() throws {
    let (outcome, frames) = try Self.trace(.pressThrough, task: Self.down)
    #expect(outcome.committed != nil)
    let reverses = Self.events(frames, .reverse)
    #expect(reverses.count == 1)
    #expect(frames[reverses[0]].output.state == .paused)
    #expect(frames[reverses[0]...].contains { $0.output.state == .scrolling && $0.output.direction == .down })
  }

  @Test func twoButtonPressesTheLeftCellToGoDown() throws {
    let (outcome, frames) = try Self.trace(.twoButton, task: Self.down)
    #expect(outcome.success(target: 13))
    let moving = frames.filter { $0.output.state == .scrolling }
    #expect(!moving.isEmpty)
    #expect(moving.allSatisfy { $0.left > $0.right && $0.output.direction == .down })
  }

  /// A hasty user (creeps fast, half-anticipates the display lag) overshoots, sees it,
  /// reverses with its technique's act, and slows down for the second approach.
  @Test(arguments: [Technique.thumbRoll, .pulse, .pressThrough, .twoButton])
  func overshootIsCorrectedWithTheTechniquesReversal(_ technique: Technique) throws {
    var hasty = UserProfile.typical
    hasty.creepLead = 2.0
    hasty.homingTimeS = 0.2
    hasty.anticipation = 0.5
    hasty.releaseMargin = 0.35
    let (outcome, frames) = try Self.trace(technique, task: Self.up, profile: hasty)
    #expect(outcome.crossings >= 1)
    let firstPass = frames.firstIndex { $0.output.value > 9 }!
    let after = frames[firstPass...]
    switch technique {
    case .pulse: #expect(after.contains { $0.output.events.contains(.pulse) })
    case .pressThrough: #expect(after.contains { $0.output.events.contains(.reverse) })
    default:
      #expect(after.contains { $0.output.events.contains(.direction) && $0.output.events.direction == .down })
    }
  }

  @Test func theSameSeedGivesTheSameTrial() throws {
    let a = try Self.trace(.pulse, task: Self.down, seed: 11)
    let b = try Self.trace(.pulse, task: Self.down, seed: 11)
    let c = try Self.trace(.pulse, task: Self.down, seed: 12)
    #expect(a.0 == b.0 && a.1 == b.1)
    #expect(a.1 != c.1)
  }

  @Test func participantsDifferButStayInsideTheirPopulation() {
    let profiles = (1...50).map { StudyRunner.profile(seed: 5, participant: $0) }
    // Distinct draws, except those truncated to the same bound (2.5 % of a normal lies 2 SD below).
    let inside = profiles.map(\.visualDelayMs).filter { $0 > 170 && $0 < 290 }
    #expect(inside.count >= 45 && Set(inside).count == inside.count)
    #expect(profiles.allSatisfy { (170...290).contains($0.visualDelayMs) })
    #expect(profiles.allSatisfy { $0.controlledRisePerMs < 6.4 })  // never a quick press by accident
    #expect(profiles.allSatisfy { $0.ballisticRisePerMs >= 8 })  // pulses and press-through reachable
  }
}

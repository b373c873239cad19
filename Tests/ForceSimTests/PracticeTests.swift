import ForceEngine
import Foundation
import Testing

@testable import ForceSim

/// The power law of practice and what it does to a study.
@Suite struct PracticeTests {
  @Test func theLawIsAPowerLawWithTheLiteraturesExponent() {
    #expect(PracticeLaw.alpha == 0.4)
    #expect(PracticeLaw.remaining(afterPractice: 0) == 1)
    #expect(abs(PracticeLaw.remaining(afterPractice: 48) - pow(2, -0.4)) < 1e-12)
    #expect(abs(PracticeLaw.remaining(afterPractice: 800) - pow(848.0 / 48, -0.4)) < 1e-12)
    let series = [0, 10, 100, 800, 10_000].map { PracticeLaw.remaining(afterPractice: $0) }
    #expect(zip(series, series.dropFirst()).allSatisfy { $0 > $1 })
  }

  @Test func practiceMovesTheLearnableTraitsTowardsThePractisedFloor() {
    let novice = UserPopulation.novice
    #expect(zip(novice.afterPractice(0).values, novice.values).allSatisfy { abs($0 - $1) < 1e-12 })  // to rounding
    let trained = novice.afterPractice(800)
    let keep = PracticeLaw.remaining(afterPractice: 800)
    let floor = UserPopulation.practised
    #expect(abs(trained.decisionMs - (floor.decisionMs + (novice.decisionMs - floor.decisionMs) * keep)) < 1e-9)
    #expect(abs(trained.homingTimeS - (floor.homingTimeS + (novice.homingTimeS - floor.homingTimeS) * keep)) < 1e-9)
    #expect(trained.searchFallPerMs == novice.searchFallPerMs)  // a motor trait: not learned here
    #expect(trained.skillSpread == novice.skillSpread && trained.trialSpread == novice.trialSpread)
  }

  @Test func eightHundredTrialsOfPracticeMakeThumbRollFaster() throws {
    func mean(_ practice: Int) throws -> Double {
      let result = try StudyRunner.run(
        StudyConfig(
          techniques: [.thumbRoll], participants: 4, repetitions: 1, seed: 2, jobs: 2, practiceTrials: practice))
      let times = result.records.filter { !$0.outcome.timedOut }.map { Double($0.outcome.timeMs) }
      return times.reduce(0, +) / Double(times.count)
    }
    let novice = try mean(0)
    let trained = try mean(800)
    // The full design predicts 27 % faster (Docs/user-model.md, skill and strategy); four participants are noisier.
    #expect(trained < 0.9 * novice)
    #expect(trained > 0.5 * novice)  // the floor (the practised model) is not free
  }
}

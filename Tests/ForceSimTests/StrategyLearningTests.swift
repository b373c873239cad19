import ForceEngine
import ForceTrace
import Testing

@testable import ForceSim

/// Strategy learning (Docs/user-model.md, "Strategy learning"): what a probe changes,
/// how a session splits its tasks, and the law of effect that keeps or drops a probe.
@Suite struct StrategyLearningTests {
  static let participant: UserProfile = {
    var generator = SplitMix64.stream(7, 1, 1)
    return UserProfile.draw(using: &generator)
  }()

  @Test func aProbeIsAFifthOfTheWayToTheBoldestChoice() {
    let p = Self.participant
    #expect(Strategy.novice.apply(to: p) == p)
    let boost = Strategy.novice.probe(.boostDistance)
    #expect(boost.boostDistanceShare == 0.8 && boost.apply(to: p).boostDistance == p.boostDistance * 0.8)
    let force = Strategy.novice.probe(.boostForce).probe(.boostForce)
    #expect(abs(force.boostForceShare - 0.36) < 1e-12)
    #expect(abs(force.apply(to: p).boostForce - (p.boostForce + 0.36 * (1023 - p.boostForce))) < 1e-9)
    let release = Strategy.novice.probe(.releaseMargin)
    #expect(release.apply(to: p).releaseMargin == p.releaseMargin * 0.8)
    let caution = Strategy.novice.probe(.caution)
    #expect(abs(caution.apply(to: p).overshootCaution - 0.68) < 1e-12)
    // A probe changes only its own choice.
    #expect(caution.apply(to: p).boostDistance == p.boostDistance && caution.apply(to: p).boostForce == p.boostForce)
  }

  @Test func everyPairTriesTheProbeOnceOnBothDirectionsInTurn() {
    let tasks = TrainingDesign.tasks
    let far = { (task: StudyTask) in abs(task.target - task.start) > 20 }
    for session in 1...8 {
      let probes = StrategyLearning.probeTasks(session: session, concerns: far)
      #expect(probes.count == tasks.count)
      for up in tasks.indices where tasks[up].direction == .up {
        #expect(probes[up] != probes[up + 4], "session \(session), task \(up + 1)")
        #expect(tasks[up + 4].range == tasks[up].range && tasks[up + 4].distance == tasks[up].distance)
      }
      let concerned = tasks.indices.filter { probes[$0] && far(tasks[$0]) }
      let ups = concerned.filter { tasks[$0].direction == .up }.count
      #expect(abs(2 * ups - concerned.count) <= 1, "session \(session): \(ups) of \(concerned.count) up")
    }
    // The next round of a choice (four sessions on) swaps up and down.
    let first = StrategyLearning.probeTasks(session: 1, concerns: far)
    #expect(StrategyLearning.probeTasks(session: 5, concerns: far) == first.map { !$0 })
    #expect(StrategyLearning.probed(session: 1) == .boostDistance && StrategyLearning.probed(session: 8) == .caution)
  }

  static let practice: [(sessions: [PracticeSession], strategy: Strategy)] = {
    let config = StudyConfig(techniques: [.thumbRoll], participants: 3, repetitions: 1)
    let setups = try! StudyRunner.setups(config) { _ in TrainingDesign.tasks }
    return (1...3).map {
      StrategyLearning.practise(config, participant: $0, technique: .thumbRoll, setups: setups[0], trials: 800)
    }
  }()

  @Test func aSessionKeepsTheBolderChoiceOnlyWhenItWasFasterAtEqualSuccess() {
    for practice in Self.practice {
      #expect(practice.sessions.map(\.session) == Array(1...10))
      var strategy = Strategy.novice
      for review in practice.sessions {
        #expect(
          review.kept == (review.probeSuccesses >= review.currentSuccesses && review.probeTimeMs < review.currentTimeMs)
        )
        strategy = review.kept ? strategy.probe(review.probed) : strategy
        #expect(review.strategy == strategy, "session \(review.session)")
        // What the review compared is what the session's trials did.
        let probes = StrategyLearning.probeTasks(session: review.session) { _ in true }
        #expect(review.records.count == 80 && probes.filter { $0 }.count == 40)
      }
      #expect(practice.strategy == strategy)
    }
  }

  @Test func practiceChangesWhatParticipantsChoose() {
    // Between sessions: every participant ends with another strategy than it began with.
    for practice in Self.practice {
      #expect(practice.strategy != .novice)
      #expect(practice.sessions.contains { $0.kept })
      #expect(Set(practice.sessions.map(\.strategy)).count > 1)
    }
    // Boosting from closer pays for far targets: most participants keep it.
    #expect(Self.practice.filter { $0.strategy.boostDistanceShare < 1 }.count >= 2)
  }

  @Test func lessThanASessionOfPracticeTeachesNoStrategy() throws {
    let config = StudyConfig(techniques: [.thumbRoll, .pulse], participants: 2, repetitions: 1, practiceTrials: 79)
    #expect(try StudyRunner.strategies(config) == [[.novice, .novice], [.novice, .novice]])
    let drawn = StudyRunner.profile(
      seed: config.seed, participant: 2, population: config.population.afterPractice(79))
    #expect(try StudyRunner.practised(config, participant: 2) == [drawn, drawn])
    var trained = config
    trained.practiceTrials = 160
    let strategies = try StudyRunner.strategies(trained)
    let setups = try StudyRunner.setups(trained) { _ in TrainingDesign.tasks }
    #expect(
      strategies[1][1]
        == StrategyLearning.strategy(trained, participant: 2, technique: .pulse, setups: setups[1]))
  }
}

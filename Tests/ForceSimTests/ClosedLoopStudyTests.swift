import ForceEngine
import Testing

@testable import ForceSim

/// The closed loop's study runner, pressing this process's engine, gives `sim study`'s
/// records for the participant, whatever the order of its technique blocks.
struct ClosedLoopStudyTests {
  @Test func oneParticipantsTrialsAreTheStudysInAnyBlockOrder() throws {
    let config = StudyConfig(techniques: [.thumbRoll, .pulse], participants: 2, repetitions: 1, seed: 5)
    let study = try StudyRunner.run(config).records.filter { $0.participant == 2 }
    var logged: [TrialRecord] = []
    let records = try StudyRunner.runParticipant(config, participant: 2, order: [.pulse, .thumbRoll]) {
      _, _, parameters in
      StudyRunner.local(parameters)
    } done: {
      logged.append($0)
    }
    #expect(records == study)
    #expect(logged.map(\.technique).first == .pulse && Set(logged.map(\.trial)).count == 32)
  }
}

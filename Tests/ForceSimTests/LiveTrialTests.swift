import ForceEngine
import ForceTrace
import Testing

@testable import ForceSim

/// `LiveTrial` follows a trial from a device's telemetry as `TrialRunner` times a
/// simulated one, and keeps the clock stopped until the participant is ready and
/// has released the cells.
@Suite struct LiveTrialTests {
  /// A simulated participant's trial of task `index` with `technique`: its frames and outcome.
  static func recorded(_ technique: Technique, task index: Int) throws -> (
    StudyTask, Parameters, TrialOutcome, [TrialFrame]
  ) {
    let task = StudyDesign.tasks[index]
    let setup = try StudyDesign.parameters(base: .defaults, technique: technique, task: task)
    let profile = StudyRunner.profile(seed: 3, participant: 2)
    let rng = StudyRunner.trialStream(seed: 3, participant: 2, technique: technique, trial: index + 1)
    let (outcome, frames) = TrialRunner.record(task: task, parameters: setup, profile: profile, rng: rng)
    return (task, setup, outcome, frames)
  }

  @Test(arguments: [(Technique.pulse, 9), (.thumbRoll, 20), (.pressThrough, 29), (.twoButton, 4)])
  func theTelemetryOfATrialGivesItsSimulatedOutcome(technique: Technique, task index: Int) throws {
    let (task, setup, outcome, frames) = try Self.recorded(technique, task: index)
    for eventFirst in [false, true] {
      var trial = LiveTrial(task: task, parameters: setup)
      var frame: UInt16 = 65_500  // the device's counter wraps during the trial
      func tick(_ left: UInt16, _ right: UInt16, _ value: Int32) {
        frame &+= 1
        trial.observe(frame: frame, left: left, right: right, value: value)
      }
      // A thumb resting on the cells before the trial: not ready, whatever is said.
      tick(300, 280, task.start)
      let early = trial.ready()
      #expect(trial.phase == .release && !early)
      tick(0, 0, task.start)
      #expect(trial.phase == .ready)
      tick(200, 200, task.start)  // pressed again before saying ready
      #expect(trial.phase == .release)
      tick(3, 0, task.start)
      let ready = trial.ready()
      #expect(ready && trial.phase == .armed)
      for _ in 0..<40 { tick(0, 2, task.start) }  // the clock waits for the first contact
      #expect(trial.phase == .armed && trial.elapsedMs == 0)
      for recorded in frames {
        let committed = recorded.output.events.contains(.commit)
        if committed && eventFirst {
          trial.commit(frame: frame &+ 1, value: recorded.output.value)
          tick(recorded.left, recorded.right, recorded.output.value)
        } else {
          tick(recorded.left, recorded.right, recorded.output.value)
          if committed { trial.commit(frame: frame, value: recorded.output.value) }
        }
      }
      #expect(trial.phase == .ended)
      #expect(trial.outcome == outcome, "event first: \(eventFirst)")
    }
  }

  @Test func aTrialWithoutACommitTimesOutAfterTheCapFromTheContact() throws {
    let task = StudyDesign.tasks[0]
    let setup = try StudyDesign.parameters(base: .defaults, technique: .pulse, task: task)
    var trial = LiveTrial(task: task, parameters: setup, maxMs: 1000)
    trial.observe(frame: 1, left: 0, right: 0, value: task.start)
    let ready = trial.ready()
    #expect(ready)
    let rate = Int(setup.sampleRateHz)
    for frame in 2..<UInt16(2 + rate) { trial.observe(frame: frame, left: 400, right: 400, value: task.start) }
    #expect(trial.phase == .running)
    trial.observe(frame: UInt16(2 + rate), left: 400, right: 400, value: task.start)
    #expect(trial.outcome == TrialOutcome(timeMs: 1000, crossings: 0, committed: nil, timedOut: true))
  }
}

import ForceEngine
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

@testable import ForceSim

/// `sim study --sensor`: participants pressing through devices of their own
/// (Docs/study-design.md, "Through a sensor").
@Suite struct StudySensorTests {
  static let typical = StudySensor(profile: .typical)

  @Test func aStudyThroughTypicalSensorsIsDeterministicAndNamesItsSensor() throws {
    let config = StudyConfig(
      techniques: [.thumbRoll, .twoButton], participants: 2, repetitions: 1, seed: 5, jobs: 1, sensor: Self.typical)
    var twoJobs = config
    twoJobs.jobs = 2
    let a = try StudyRunner.run(config)
    let b = try StudyRunner.run(twoJobs)
    #expect(a.records.count == 2 * 2 * 32)
    #expect(a.records == b.records && a.devices == b.devices)
    #expect(a.devices.count == 2)
    // The same people on the ideal counts do something else, and another seed too.
    let ideal = try StudyRunner.run(
      StudyConfig(techniques: [.thumbRoll, .twoButton], participants: 2, repetitions: 1, seed: 5))
    #expect(ideal.records != a.records && ideal.devices.isEmpty)
    var other = config
    other.seed = 6
    #expect(try StudyRunner.run(other).devices != a.devices)

    let directory = TestScratch.file("study-sensor").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try StudyOutput.write(a, to: directory, notes: StudyReport.sensorNotes(a))
    let summary = try String(contentsOfFile: directory + "/summary.md", encoding: .utf8)
    #expect(summary.contains("- Sensor: typical profile on the microbit board"), "\(summary.prefix(600))")
    let devices = try String(contentsOfFile: directory + "/devices.csv", encoding: .utf8).split(separator: "\n")
    #expect(devices.count == 3 && devices[0] == Substring(StudyOutput.devicesHeader))
    // Without a sensor: no note, no devices.csv (what the study always wrote).
    #expect(StudyReport.sensorNotes(ideal).isEmpty)
    #expect(StudySensor(profile: .ideal, board: .pico).readsIdealCounts == false)
    #expect(StudySensor.ideal.readsIdealCounts && StudyConfig().sensor == .ideal)
  }

  @Test(arguments: [SensorProfile.typical, .worn])
  func calibrationPutsEachOffsetAboveItsCellsRest(_ profile: SensorProfile) throws {
    for participant in 1...16 {
      let user = StudyRunner.profile(seed: 1, participant: participant)
      var device = try ParticipantDevice(
        sensor: StudySensor(profile: profile), seed: 1, participant: participant, profile: user)
      let fit = device.calibration
      let record = device.record
      let label = "\(profile.name), participant \(participant): \(fit)"
      // Rest mean + at least calibration's 8-count margin, above the cap's preload.
      #expect(
        Double(fit.leftOffset) >= fit.restLeft + 7.5 && Double(fit.rightOffset) >= fit.restRight + 7.5, "\(label)")
      if profile == .typical {
        #expect(
          Double(fit.leftOffset) > record.preloadLeft && Double(fit.rightOffset) > record.preloadRight, "\(label)")
      }
      // A firm press reads near full scale; the gains bring each medium press's total,
      // both cells after their offsets and the FSR law, to the middle of the scale: the
      // totals before the gains are the medium press's 512 ideal counts give or take the
      // part (worn's parts spread 15 %, cut at 3σ).
      #expect(fit.leftPeak > 900 && fit.rightPeak > 900 && fit.hasMedium, "\(label)")
      for total in [fit.leftMedium, fit.rightMedium] { #expect(total > 300 && total < 800, "\(label)") }
      // The engine so calibrated reads the untouched cap as no touch. The rest sits below
      // the offsets on average; single readings may reach them: a preloaded cell keeps
      // its last press's repeatability factor at rest (SensorCell), and calibration ends
      // with a press, drawn after the rest was recorded.
      var engine = ForceEngine(parameters: device.parameters(.defaults))
      var sum = (left: 0.0, right: 0.0)
      for _ in 0..<400 {
        let reading = device.read(0, 0)
        sum = (sum.left + Double(reading.left) / 400, sum.right + Double(reading.right) / 400)
        let output = engine.step(left: reading.left, right: reading.right)
        // (A reading a count above its offset is a force of a count or two: far below
        // contact_threshold.)
        #expect(output.state == .idle && output.force < 5 && output.events.mask == 0, "\(label): \(output.force)")
      }
      #expect(sum.left < Double(fit.leftOffset) && sum.right < Double(fit.rightOffset), "\(label): \(sum)")
    }
  }

  @Test func theDevicesClockRunsOnAcrossCalibrationAndTrials() throws {
    let user = StudyRunner.profile(seed: 1, participant: 1)
    var device = try ParticipantDevice(sensor: Self.typical, seed: 1, participant: 1, profile: user)
    let calibrated = device.timeMs
    #expect(calibrated > 3 * ParticipantDevice.Timing.recordMs)
    var times = [calibrated]
    for (index, task) in StudyDesign.tasks.prefix(3).enumerated() {
      let parameters = try StudyDesign.parameters(base: .defaults, technique: .pulse, task: task)
      let rng = StudyRunner.trialStream(seed: 1, participant: 1, technique: .pulse, trial: index + 1)
      let (outcome, frames) = TrialRunner.record(
        task: task, parameters: parameters, profile: user, rng: rng, device: &device)
      #expect(!outcome.timedOut)
      // Every frame of the trial and the pause after it, 5 ms each, on one clock.
      let expected = times.last! + Double(frames.count) * 5 + ParticipantDevice.Timing.betweenTrialsMs
      #expect(abs(device.timeMs - expected) < 1e-6)
      times.append(device.timeMs)
      // Trials read the cells through the model: the untouched cap's preload shows.
      #expect(frames.first.map { $0.left > 0 && $0.right > 0 } == true)
    }
    #expect(device.record.sessionMs == device.timeMs)
  }

  /// The reduced design (4 participants × 1 repetition × 4 techniques, seed 1: 512
  /// trials a sensor) against the same people on the ideal counts: success within 5 % and
  /// mean time within 10 % for every technique. The 128 trials a technique carry a few
  /// percent of sampling noise; the full design's figures, and where they miss issue
  /// #22's bounds, are in Docs/study-design.md.
  @Test func typicalIsCloseToIdealOnAReducedDesign() throws {
    func overall(_ sensor: StudySensor) throws -> [SummaryCell] {
      let result = try StudyRunner.run(StudyConfig(participants: 4, repetitions: 1, seed: 1, jobs: 2, sensor: sensor))
      return StudySummary.cells(result.records).filter { $0.factor == "all" }
    }
    let ideal = try overall(.ideal)
    let typical = try overall(Self.typical)
    // A sound device raises no fault in a whole session (a false open, stuck or loose
    // cell would hold the picker mid-trial).
    let sessions = try StudyRunner.run(
      StudyConfig(participants: 4, repetitions: 1, seed: 1, jobs: 2, sensor: Self.typical))
    #expect(sessions.devices.count == 4 && sessions.devices.allSatisfy { $0.faultFrames == 0 })
    #expect(typical.map(\.technique) == ideal.map(\.technique) && ideal.count == 4)
    for (i, t) in zip(ideal, typical) {
      let success = t.successRate / i.successRate - 1
      let time = t.time.mean / i.time.mean - 1
      #expect(abs(success) <= 0.05, "\(t.technique): success \(t.successRate) vs \(i.successRate)")
      #expect(abs(time) <= 0.10, "\(t.technique): time \(t.time.mean) vs \(i.time.mean)")
    }
  }
}

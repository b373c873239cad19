import ForceTestSupport
import Foundation
import Testing

/// `forcectl study run --simulated`: a simulated participant presses a device in a closed
/// loop, and its trials are the ones `sim study` simulates for that participant.
@Suite struct StudyRunTests {
  /// `trials.csv`'s header and the rows of participant `participant`, in order.
  static func rows(of text: String, participant: Int) -> [Substring] {
    let lines = text.split(separator: "\n")
    return [lines[0]] + lines.dropFirst().filter { $0.split(separator: ",")[1] == "\(participant)" }
  }

  @Test(Support.needsSITL)
  func aSimulatedParticipantPressesTheDeviceAsSimStudySimulatesThem() throws {
    let sitl = try Support.sitl()
    defer { sitl.stop() }
    let before = try Support.forcectl(["params", "list", "--port", sitl.address])
    let run = TestScratch.file("run").path
    let simulated = TestScratch.file("sim").path
    let design = ["--technique", "thumb-roll,pulse", "--repetitions", "1", "--seed", "3"]
    let output = try Support.forcectl(
      ["study", "run", "--simulated", "2", "--port", sitl.address, "--output", run, "--quiet"] + design)
    #expect(output.contains("technique block order: pulse, thumb-roll"), "\(output)")
    #expect(output.contains("64 of 64 trials the same as participant 2 simulated here"), "\(output)")
    _ = try Support.forcectl(["sim", "study", "--participants", "2", "--output", simulated, "--quiet"] + design)
    let device = try String(contentsOfFile: run + "/trials.csv", encoding: .utf8)
    let study = try String(contentsOfFile: simulated + "/trials.csv", encoding: .utf8)
    #expect(device.split(separator: "\n").count == 65)
    // The log is in the order the trials ran (the Latin square's), sim study's file by technique.
    #expect(Self.rows(of: device, participant: 2).sorted() == Self.rows(of: study, participant: 2).sorted())
    #expect(device.split(separator: "\n")[1].hasPrefix("pulse,2,1,"))
    // The device is left as it was: its cells drive it again, with its own parameters.
    #expect(try Support.forcectl(["params", "list", "--port", sitl.address]) == before)
  }

  @Test(Support.needsSITL)
  func withSITLItStartsItsOwnDevice() throws {
    let run = TestScratch.file("own").path
    let output = try Support.forcectl([
      "study", "run", "--simulated", "1", "--sitl", "--technique", "two-button", "--repetitions", "1", "--output", run,
      "--quiet",
    ])
    #expect(output.contains("32 of 32 trials the same as participant 1 simulated here"), "\(output)")
  }

  @Test func aRunNeverWritesOverATrialLog() throws {
    let run = TestScratch.file("taken")
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    let log = run.appendingPathComponent("trials.csv")
    try "earlier trials\n".write(to: log, atomically: true, encoding: .utf8)
    let error = try Support.forcectlError([
      "study", "run", "--simulated", "1", "--port", "tcp://127.0.0.1:9", "--output", run.path,
    ])
    #expect(
      error?.contains("trials.csv already exists: a run writes a participant's trials only once") == true,
      "\(error ?? "")")
    #expect(try String(contentsOf: log, encoding: .utf8) == "earlier trials\n")
    #expect(
      try Support.forcectlError(["study", "run", "--simulated", "1", "--output", run.path])
        == "give --sitl or --port (the device to press)")
  }
}

import ForceTestSupport
import Foundation
import Testing

/// `forcectl study run --simulated`: a simulated participant presses a device in a closed
/// loop, and its trials are the ones `sim study` simulates for that participant.
@Suite struct StudyRunTests {
  /// The trial columns (up to `disturbed`, not the stamp) of `trials.csv`'s rows of
  /// participant `participant`, in order.
  static func rows(of text: String, participant: Int) -> [String] {
    text.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
      .filter { $0[1] == "\(participant)" }.map { $0.prefix(17).joined(separator: ",") }
  }

  /// The stamp columns (`started_utc,contact_frame,firmware,schema`) of each row of `trials.csv`.
  static func stamps(of text: String) -> [[Substring]] {
    text.split(separator: "\n").dropFirst().map {
      Array($0.split(separator: ",", omittingEmptySubsequences: false).suffix(4))
    }
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
    #expect(device.split(separator: "\n")[1].hasPrefix("pulse,2,1,1,"))
    // Each row is stamped with the host's clock as the trial began and the device's firmware and schema.
    let stamps = Self.stamps(of: device)
    // (Injected samples carry no frame of the device's: no contact frame.)
    #expect(
      stamps.allSatisfy { $0[0].count == 24 && $0[0].hasSuffix("Z") && $0[1].isEmpty && $0[2].hasPrefix("sitl ") },
      "\(stamps[0])")
    #expect(Set(stamps.map { $0[3] }).count == 1 && stamps[0][3].count == 10 && stamps[0][3].hasPrefix("0x"))
    #expect(stamps.map { String($0[0]) } == stamps.map { String($0[0]) }.sorted())
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

  @Test(Support.needsSITL)
  func aRunKilledMidTrialLosesNoTrialAndResumesInOrder() throws {
    let sitl = try Support.sitl()
    defer { sitl.stop() }
    let before = try Support.forcectl(["params", "list", "--port", sitl.address])
    let run = TestScratch.file("killed").path
    let whole = TestScratch.file("whole").path
    let design = [
      "--simulated", "3", "--port", sitl.address, "--technique", "pulse,two-button", "--repetitions", "1",
      "--practice-trials", "2", "--seed", "4", "--quiet",
    ]
    let log = run + "/trials.csv"
    let killed = try ToolProcess("forcectl", ["study", "run", "--output", run] + design)
    func logged() -> Int {
      ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count - 1
    }
    #expect(ToolProcess.waitUntil(.seconds(60)) { logged() >= 40 || !killed.process.isRunning })
    killed.send(SIGKILL)
    #expect(killed.wait().signaled)
    let kept = logged()
    #expect((40..<68).contains(kept), "\(kept) trials logged when it was killed")
    // The device holds a trial's parameters and an unfinished injection: resuming goes on
    // at the next trial and puts the device's own parameters back at the end.
    let resumed = try Support.run(["study", "run", "--output", run, "--resume"] + design)
    #expect(resumed.status == 0, "\(resumed.error ?? "")")
    #expect(resumed.output.contains("68 of 68 trials the same as participant 3 simulated here"), "\(resumed.output)")
    #expect(try Support.forcectl(["params", "list", "--port", sitl.address]) == before)
    _ = try Support.forcectl(["study", "run", "--output", whole] + design)
    let afterKill = try String(contentsOfFile: log, encoding: .utf8)
    let uninterrupted = try String(contentsOfFile: whole + "/trials.csv", encoding: .utf8)
    #expect(Self.rows(of: afterKill, participant: 3) == Self.rows(of: uninterrupted, participant: 3))
    #expect(Self.rows(of: afterKill, participant: 3).filter { $0.hasSuffix(",1,0") }.count == 4)  // practice
    // Nothing is left to do, and a log of another design is refused by its first differing trial.
    #expect(try Support.run(["study", "run", "--output", run, "--resume"] + design).status == 0)
    let other = try Support.forcectlError(
      ["study", "run", "--output", run, "--resume"] + design.map { $0 == "2" ? "1" : $0 })
    #expect(
      other?.hasPrefix("cannot resume \(log): trial 2 of the log is not the design's block 1 (pulse) trial 1") == true,
      "\(other ?? "")")
    #expect(try String(contentsOfFile: log, encoding: .utf8) == afterKill)
  }

  @Test(Support.needsSITL)
  func aTrialTableReplacesTheBuiltInDesign() throws {
    let run = TestScratch.file("table").path
    let table = TestScratch.file("table.csv")
    try """
    technique,range,distance,start,target,practice
    two-button,10,OneStep,6,7,1
    two-button,30,50%,10,25,0
    two-button,10,OneStep,6,7,0
    pulse,101,80%,100,20,0
    """.write(to: table, atomically: true, encoding: .utf8)
    let output = try Support.forcectl([
      "study", "run", "--simulated", "2", "--sitl", "--trials", table.path, "--output", run, "--quiet",
    ])
    #expect(output.contains("technique block order: two-button, pulse"), "\(output)")
    #expect(output.contains("4 of 4 trials the same as participant 2 simulated here"), "\(output)")
    let rows = try String(contentsOfFile: run + "/trials.csv", encoding: .utf8).split(separator: "\n").dropFirst()
    #expect(
      rows.map { $0.split(separator: ",").prefix(10).joined(separator: ",") } == [
        "two-button,2,1,1,0,10,OneStep,up,6,7", "two-button,2,1,1,1,30,50%,up,10,25",
        "two-button,2,1,2,1,10,OneStep,up,6,7", "pulse,2,2,1,1,101,80%,down,100,20",
      ])
    #expect(
      try Support.forcectlError([
        "study", "run", "--simulated", "2", "--sitl", "--trials", table.path, "--technique", "pulse", "--output", run,
      ]) == "a trial table gives the trials: leave out --technique, --repetitions and --practice-trials")
  }

  @Test(Support.needsSITL)
  func aSimulatedParticipantPressesLiveCellsThroughThePagesAPI() throws {
    let run = TestScratch.file("live").path
    let table = TestScratch.file("live.csv")
    try "technique,range,distance,start,target\npulse,10,OneStep,6,7\npulse,30,20%,3,9\nthumb-roll,10,OneStep,4,3\n"
      .write(to: table, atomically: true, encoding: .utf8)
    let output = try Support.forcectl([
      "study", "run", "--simulated", "1", "--sitl", "--live", "--trials", table.path, "--output", run, "--quiet",
    ])
    #expect(output.contains("technique block order: pulse, thumb-roll"), "\(output)")
    #expect(output.contains("pulse: device mean"), "\(output)")
    // In real time, frame by frame on its own clock: every trial ends in a commit, logged with
    // the device's telemetry beside it.
    let rows = try String(contentsOfFile: run + "/trials.csv", encoding: .utf8).split(separator: "\n").dropFirst()
      .map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    #expect(rows.count == 3 && rows.allSatisfy { !$0[10].isEmpty && $0[14] == "0" }, "\(rows)")
    #expect(FileManager.default.fileExists(atPath: run + "/telemetry/trial-0003.csv"))
    #expect(
      try Support.forcectlError([
        "study", "run", "--simulated", "1", "--port", "tcp://127.0.0.1:9", "--live", "--output", run,
      ])
        == "--live is for --simulated on --sitl (a simulated participant on SITL's live cells)")
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

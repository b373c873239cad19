import ArgumentParser
import ForceCtlKit
import ForceSim
import Foundation
import Testing

/// The `sim gesture`, `sim study` and `sim sweep` commands, in-process.
@Suite struct CLITests {
  static func temporary(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("forcesim-\(name)-\(UUID().uuidString)").path
  }

  @Test func studyParses() throws {
    let command = try ForceCtl.parseAsRoot([
      "sim", "study", "--technique", "pulse,two-button", "--participants", "2", "--repetitions", "1",
      "--seed", "9", "--set", "quick_release_ms=120", "--jobs", "2", "--output", "/tmp/x",
    ])
    let study = try #require(command as? ForceCtl.Sim.Study)
    let config = try study.config()
    #expect(config.techniques == [.pulse, .twoButton])
    #expect(config.participants == 2 && config.repetitions == 1 && config.seed == 9 && config.jobs == 2)
    #expect(config.base[.quickReleaseMs] == 120)
    #expect(throws: (any Error).self) {
      try ForceCtl.parseAsRoot(["sim", "study", "--technique", "roll", "--output", "x"])
    }
    #expect(throws: (any Error).self) {
      try ForceCtl.parseAsRoot(["sim", "study", "--participants", "0", "--output", "x"])
    }
    #expect(throws: (any Error).self) { try ForceCtl.parseAsRoot(["sim", "study"]) }  // --output is required
  }

  @Test func studyRunsAndWritesItsFiles() throws {
    let directory = Self.temporary("study")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var command = try ForceCtl.parseAsRoot([
      "sim", "study", "--technique", "thumb-roll", "--participants", "1", "--repetitions", "1", "--output", directory,
    ])
    try command.run()
    for name in [
      "trials.csv", "summary.md", "summary.csv", "time-by-range.svg", "time-by-distance.svg", "participants.csv",
    ] {
      #expect(FileManager.default.fileExists(atPath: directory + "/" + name), "\(name)")
    }
    let trials = try String(contentsOfFile: directory + "/trials.csv", encoding: .utf8)
    #expect(trials.split(separator: "\n").count == 33)
  }

  @Test func sweepParsesAndWritesCSV() throws {
    let output = Self.temporary("sweep") + ".csv"
    defer { try? FileManager.default.removeItem(atPath: output) }
    var command = try ForceCtl.parseAsRoot([
      "sim", "sweep", "--vary", "rest_threshold=180:230:50", "--technique", "two-button", "--participants", "1",
      "--repetitions", "1", "--output", output,
    ])
    #expect(command is ForceCtl.Sim.Sweep)
    try command.run()
    let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
    #expect(
      lines.first == "rest_threshold,technique,trials,time_mean_ms,time_sd_ms,crossings_mean,success_rate,timeouts")
    #expect(lines.count == 3)
    #expect(throws: (any Error).self) { try ForceCtl.parseAsRoot(["sim", "sweep"]) }  // needs --vary
    #expect(throws: (any Error).self) {
      try ForceCtl.parseAsRoot(["sim", "sweep", "--vary", "a=1:2:1", "--vary", "b=1", "--vary", "c=2"])
    }
  }

  @Test func gestureWritesTheInputCSVAndNamesTheLineOnError() throws {
    let script = Self.temporary("gesture") + ".txt"
    let output = Self.temporary("gesture") + ".csv"
    defer {
      try? FileManager.default.removeItem(atPath: script)
      try? FileManager.default.removeItem(atPath: output)
    }
    try "rate 100\nhold 0 0 for 20ms\nramp to 100 100 over 20ms\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    var command = try ForceCtl.parseAsRoot(["sim", "gesture", "--script", script, "--output", output])
    try command.run()
    #expect(
      try String(contentsOfFile: output, encoding: .utf8)
        == "t_ms,left,right\n0,0,0\n10,0,0\n20,0,0\n30,50,50\n40,100,100\n")

    try "hold 0 0 for 20ms\nramp to 100 100 over 20\n".write(toFile: script, atomically: true, encoding: .utf8)
    var bad = try ForceCtl.parseAsRoot(["sim", "gesture", "--script", script])
    #expect {
      try bad.run()
    } throws: { error in
      String(describing: error).contains("line 2: duration '20' needs a unit")
    }
  }
}

import ArgumentParser
import ForceCtlKit
import ForceSim
import ForceTestSupport
import Foundation
import Testing

/// The `sim gesture`, `sim study` and `sim sweep` commands, in-process.
@Suite struct CLITests {
  static func temporary(_ name: String) -> String {
    TestScratch.file("forcesim-\(name)").path
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
    // Novices bring no practised strategy: no strategies.csv.
    #expect(!FileManager.default.fileExists(atPath: directory + "/strategies.csv"))
    let trials = try String(contentsOfFile: directory + "/trials.csv", encoding: .utf8)
    #expect(trials.split(separator: "\n").count == 33)
  }

  @Test func theTrainingDesignWritesItsSessionsAndTheFinalTest() throws {
    let directory = Self.temporary("training")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let arguments = [
      "sim", "study", "--design", "training", "--technique", "thumb-roll", "--participants", "1", "--repetitions",
      "1", "--output", directory,
    ]
    var command = try ForceCtl.parseAsRoot(arguments)
    try command.run()
    for name in [
      "sessions.md", "sessions.csv", "session-trials.csv", "time-by-session.svg", "success-by-session.svg",
      "final/trials.csv", "final/summary.md",
    ] {
      #expect(FileManager.default.fileExists(atPath: directory + "/" + name), "\(name)")
    }
    let sessions = try String(contentsOfFile: directory + "/sessions.csv", encoding: .utf8)
    #expect(sessions.split(separator: "\n").count == 1 + 10)
    let trials = try String(contentsOfFile: directory + "/session-trials.csv", encoding: .utf8)
    #expect(trials.split(separator: "\n").count == 1 + 800)
    // strategies.csv as Docs/csv-formats.md describes it: a review a session, each kept
    // exactly when the bolder trials succeeded as often and took less time.
    let reviews = try String(contentsOfFile: directory + "/strategies.csv", encoding: .utf8)
      .split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    #expect(
      reviews[0].joined(separator: ",")
        == "participant,technique,session,probed,probe_successes,current_successes,probe_time_ms,current_time_ms,kept,"
        + "boost_distance_share,boost_force_share,release_margin_share,overshoot_caution")
    #expect(reviews.count == 1 + 10 && reviews.dropFirst().map { $0[2] } == (1...10).map(String.init))
    for row in reviews.dropFirst() {
      let (probeWins, probeTime, currentWins, currentTime) = (Int(row[4])!, Int(row[6])!, Int(row[5])!, Int(row[7])!)
      #expect(row[8] == (probeWins >= currentWins && probeTime < currentTime ? "1" : "0"), "\(row)")
    }
    // The final test's participant brings the strategy the last review left it with.
    let final = try String(contentsOfFile: directory + "/final/strategies.csv", encoding: .utf8)
      .split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
    #expect(final.count == 2 && final[1][0...1] == ["1", "thumb-roll"])
    #expect(Array(final[1][2...]) == Array(reviews[10][9...]))
    #expect(throws: (any Error).self) { try ForceCtl.parseAsRoot(arguments + ["--design", "practice"]) }
    #expect(throws: (any Error).self) { try ForceCtl.parseAsRoot(arguments + ["--sensor", "typical"]) }
  }

  @Test func studyTakesASensorAndNamesItInTheSummary() throws {
    let directory = Self.temporary("study-sensor")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let arguments = [
      "sim", "study", "--technique", "thumb-roll", "--participants", "1", "--repetitions", "1", "--output", directory,
    ]
    let parsed = try #require(
      try ForceCtl.parseAsRoot(arguments + ["--sensor", "Worn", "--board", "pico"]) as? ForceCtl.Sim.Study)
    #expect(try parsed.config().sensor == StudySensor(profile: .worn, board: .pico))
    #expect(try ForceCtl.Sim.Study.parse(["--output", "x"]).config().sensor == .ideal)
    var command = try ForceCtl.parseAsRoot(arguments + ["--sensor", "typical"])
    try command.run()
    let summary = try String(contentsOfFile: directory + "/summary.md", encoding: .utf8)
    #expect(summary.contains("- Sensor: typical profile on the microbit board"))
    let devices = try String(contentsOfFile: directory + "/devices.csv", encoding: .utf8)
    #expect(devices.split(separator: "\n").count == 2)

    let scratch = ScratchCLI("forcectl-study-sensor")
    /// The first line of the error (the usage line follows it).
    func error(_ options: [String]) -> String? {
      scratch.failure(["sim", "study", "--output", scratch.directory] + options)?.split(separator: "\n").first
        .map(String.init)
    }
    #expect(
      error(["--sensor", "typcal"])
        == "Error: --sensor: unknown sensor profile 'typcal' (did you mean 'typical'?); sensor profiles: ideal, typical, worn"
    )
    #expect(
      error(["--board", "pic"])
        == "Error: --board: unknown board 'pic' (did you mean 'pico'?); boards: microbit, pico, pico-uncorrected")
  }

  @Test func studyTakesUsersPracticeAndTargets() throws {
    let users = Self.temporary("users") + ".txt"
    let targets = Self.temporary("targets") + ".csv"
    let directory = Self.temporary("study-targets")
    defer {
      for path in [users, targets, directory] { try? FileManager.default.removeItem(atPath: path) }
    }
    var population = UserPopulation.novice
    population.decisionMs = 50
    try PopulationText.format(population).write(toFile: users, atomically: true, encoding: .utf8)
    try "technique,distance,mean_ms,sd_ms\nthumb-roll,OneStep,1000,500\n".write(
      toFile: targets, atomically: true, encoding: .utf8)
    var command = try ForceCtl.parseAsRoot([
      "sim", "study", "--technique", "thumb-roll", "--participants", "1", "--repetitions", "1", "--users", users,
      "--practice", "800", "--targets", targets, "--output", directory,
    ])
    let study = try #require(command as? ForceCtl.Sim.Study)
    let config = try study.config()
    #expect(config.population == population && config.practiceTrials == 800)
    #expect(try ForceCtl.Sim.Study.parse(["--output", "x"]).config().population == .novice)
    try command.run()
    let summary = try String(contentsOfFile: directory + "/summary.md", encoding: .utf8)
    #expect(summary.contains("## Simulated vs target\n"))
    #expect(summary.contains("| thumb-roll | OneStep | 1.00 (0.50) |"))

    try "technique,distance,mean_ms,sd_ms\nthumb-roll,Far,1000,500\n".write(
      toFile: targets, atomically: true, encoding: .utf8)
    var bad = try ForceCtl.parseAsRoot(["sim", "study", "--targets", targets, "--output", directory])
    #expect {
      try bad.run()
    } throws: { error in
      String(describing: error).contains("line 2: unknown distance 'Far'")
    }
    #expect(throws: (any Error).self) {
      try ForceCtl.parseAsRoot(["sim", "study", "--practice", "-1", "--output", "x"])
    }
    // More practice than is simulated: the error names the bound and why.
    #expect {
      try ForceCtl.parseAsRoot(["sim", "study", "--practice", "8001", "--output", "x"])
    } throws: { error in
      ForceCtl.message(for: error).contains("--practice must be in 0...8000: the practice is simulated trial by trial")
    }
  }

  @Test func fitWritesAPopulationFileAndReportsEachCell() throws {
    let targets = Self.temporary("fit-targets") + ".csv"
    let output = Self.temporary("fit") + ".txt"
    defer {
      for path in [targets, output] { try? FileManager.default.removeItem(atPath: path) }
    }
    try "technique,distance,mean_ms,sd_ms\npulse,20%,4000,2000\n".write(
      toFile: targets, atomically: true, encoding: .utf8)
    var command = try ForceCtl.parseAsRoot([
      "sim", "fit", "--targets", targets, "--output", output, "--evaluations", "3", "--participants", "1",
      "--repetitions", "1",
    ])
    #expect(command is ForceCtl.Sim.Fit)
    try command.run()
    let text = try String(contentsOfFile: output, encoding: .utf8)
    let fitted = try PopulationText.parse(text)
    #expect(text.hasPrefix("# Simulated-user population fitted by forcectl sim fit"))
    #expect(fitted != .practised)
    // The file records the command that wrote it; run again, that command writes the same file.
    let recorded = try #require(PopulationText.command(in: text))
    #expect(
      recorded
        == "forcectl sim fit --targets \(targets) --step 0.15 --evaluations 3 --participants 1 --repetitions 1 --seed 1"
    )
    let again = output + ".again"
    defer { try? FileManager.default.removeItem(atPath: again) }
    var rerun = try ForceCtl.parseAsRoot(
      recorded.split(separator: " ").dropFirst().map(String.init) + ["--output", again, "--jobs", "1"])
    try rerun.run()
    #expect(try String(contentsOfFile: again, encoding: .utf8) == text)
    // --targets is required; --evaluations must be positive.
    #expect(throws: (any Error).self) { try ForceCtl.parseAsRoot(["sim", "fit", "--output", output]) }
    #expect(throws: (any Error).self) {
      try ForceCtl.parseAsRoot(["sim", "fit", "--targets", targets, "--output", output, "--evaluations", "0"])
    }
    // --fix takes the population file's names and must leave something to fit.
    #expect(throws: (any Error).self) {
      try ForceCtl.parseAsRoot(["sim", "fit", "--targets", targets, "--output", output, "--fix", "homing"])
    }
    let all = UserPopulation.names.flatMap { ["--fix", $0] }
    #expect(throws: (any Error).self) {
      try ForceCtl.parseAsRoot(["sim", "fit", "--targets", targets, "--output", output] + all)
    }
    #expect(
      try ForceCtl.parseAsRoot(["sim", "fit", "--targets", targets, "--output", output, "--fix", "homing_time_s"])
        is ForceCtl.Sim.Fit)
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
      String(describing: error).contains("line 2, column 22: duration '20' needs a unit")
    }
  }
}

import ArgumentParser
import ForceCtlKit
import ForceSim
import ForceTestSupport
import Foundation
import Testing

/// `forcectl study report` on small simulations: the files, the comparison, the
/// outliers, and the inputs it refuses without writing anything.
@Suite struct StudyReportCommandTests {
  /// A `sim study` of two participants, thumb-roll and pulse, one repetition, in `directory`.
  static func simulate(_ directory: String, seed: Int, repetitions: Int = 1) throws {
    var command = try ForceCtl.parseAsRoot([
      "sim", "study", "--technique", "thumb-roll,pulse", "--participants", "2", "--repetitions", String(repetitions),
      "--seed", String(seed), "--jobs", "1", "--quiet", "--output", directory,
    ])
    try command.run()
  }

  static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  @Test func reportWritesWhatSimStudyWritesAndTheLogTimeAndOutlierSections() throws {
    let scratch = ScratchCLI("study-report")
    defer { scratch.remove() }
    let sim = scratch.directory + "/sim", out = scratch.directory + "/out"
    try Self.simulate(sim, seed: 1)
    #expect(scratch.failure(["study", "report", sim, "--output", out]) == nil)
    for chart in ["time-by-range.svg", "time-by-distance.svg", "success-by-distance.svg", "summary.csv"] {
      #expect(try Self.read(out + "/" + chart) == Self.read(sim + "/" + chart), "\(chart)")
    }
    let summary = try Self.read(out + "/summary.md")
    let simulated = try Self.read(sim + "/summary.md")
    let tables = try #require(simulated.range(of: "## Overall"))
    let logTime = try #require(summary.range(of: "## Time, log-transformed"))
    let ours = try #require(summary.range(of: "## Overall"))
    #expect(summary[ours.lowerBound..<logTime.lowerBound] == simulated[tables.lowerBound...] + "\n")
    #expect(summary.hasPrefix("# Study report\n\n- Measured: 128 trials of 2 participant(s): \(sim)/trials.csv (128)."))
    #expect(summary.contains("| thumb-roll | all | all | "))
    #expect(summary.contains("| pulse | 101 | 80% | "))
    #expect(summary.contains("## Extreme outliers\n"))
    #expect(!FileManager.default.fileExists(atPath: out + "/comparison.md"))
    #expect(scratch.hidden().isEmpty)
  }

  @Test func practiceAndDisturbedTrialsAreListedAndLeftOut() throws {
    let scratch = ScratchCLI("study-report-set-aside")
    defer { scratch.remove() }
    let sim = scratch.directory + "/sim", people = scratch.directory + "/people"
    try Self.simulate(sim, seed: 1)
    var lines = try Self.read(sim + "/trials.csv").split(separator: "\n").map(String.init)
    // Row 2 marked disturbed; two practice trials before participant 1's first block.
    let disturbed = lines[2].replacingOccurrences(of: ",0,0,,,sim,", with: ",0,1,,,sim,")
    let analysedRows = [lines[1]] + lines[3...]
    let practice = [lines[1], lines[5]].enumerated().map { index, row in
      var fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      fields[3] = "\(index + 1)"  // practice trials are numbered on their own
      fields[4] = "0"
      fields[15] = "1"
      return fields.joined(separator: ",")
    }
    lines = [lines[0]] + practice + [lines[1], disturbed] + lines[3...]
    try FileManager.default.createDirectory(atPath: people, withIntermediateDirectories: true)
    try (lines.joined(separator: "\n") + "\n").write(toFile: people + "/trials.csv", atomically: true, encoding: .utf8)
    #expect(scratch.failure(["study", "report", people]) == nil)
    let summary = try Self.read(people + "/summary.md")
    #expect(
      summary.contains("- Not analysed: 2 practice trials and 1 trial marked disturbed (\(people)/trials.csv line 5)."))
    // The figures are those of the other trials alone.
    let analysed = scratch.directory + "/analysed"
    try FileManager.default.createDirectory(atPath: analysed, withIntermediateDirectories: true)
    try ([lines[0]] + analysedRows).joined(separator: "\n").appending("\n").write(
      toFile: analysed + "/trials.csv", atomically: true, encoding: .utf8)
    #expect(scratch.failure(["study", "report", analysed]) == nil)
    #expect(try Self.read(people + "/summary.csv") == Self.read(analysed + "/summary.csv"))
  }

  @Test func aSimulationComparedWithItselfDiffersNowhere() throws {
    let scratch = ScratchCLI("study-report-self")
    defer { scratch.remove() }
    let sim = scratch.directory + "/sim"
    try Self.simulate(sim, seed: 1)
    #expect(scratch.failure(["study", "report", sim, "--compare", sim]) == nil)  // into sim itself
    let comparison = try Self.read(sim + "/comparison.md")
    let rows = comparison.split(separator: "\n").filter { $0.hasPrefix("| thumb-roll |") || $0.hasPrefix("| pulse |") }
    #expect(rows.count == 2 * 17)  // per technique: overall and 4 RANGE × 4 DISTANCE
    for row in rows {
      let columns = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(columns[3..<7] == columns[7..<11], "\(row)")
      #expect(row.hasSuffix("| +0.0 % | +0.0 pt |"), "\(row)")
    }
    let chart = try Self.read(sim + "/comparison-by-technique.svg")
    #expect(chart.contains(">measured</text>") && chart.contains(">simulated</text>"))
  }

  @Test func twoSimulationsSideBySide() throws {
    let scratch = ScratchCLI("study-report-two")
    defer { scratch.remove() }
    let a = scratch.directory + "/a", b = scratch.directory + "/b", out = scratch.directory + "/out"
    try Self.simulate(a, seed: 1)
    try Self.simulate(b, seed: 2)
    #expect(scratch.failure(["study", "report", a, "--compare", b, "-o", out]) == nil)
    let comparison = try Self.read(out + "/comparison.md")
    #expect(comparison.contains("- Simulated: 128 trials of 2 participant(s): \(b)/trials.csv (128)."))
    let overall = try #require(comparison.split(separator: "\n").first { $0.hasPrefix("| thumb-roll | all | all |") })
    #expect(!overall.hasSuffix("| +0.0 % | +0.0 pt |"))
    // The measured side is a's own report: the same cells as reporting a alone.
    let measured = StudyComparison.rows(
      measured: try TrialDirectories.read([a]).map(\.record), simulated: try TrialDirectories.read([b]).map(\.record))
    #expect(measured.count == 34 && measured[0].measured.trials == 64 && measured[0].simulated.trials == 64)
    #expect(scratch.hidden().isEmpty)
  }

  @Test func extremeOutliersAreListedAndKeptInTheMeans() throws {
    let scratch = ScratchCLI("study-report-outlier")
    defer { scratch.remove() }
    let sim = scratch.directory + "/sim", people = scratch.directory + "/people"
    try Self.simulate(sim, seed: 3, repetitions: 3)
    // A 63 s trial, as the published study's longest: participant 2's pulse trial 5.
    var trials = try TrialDirectories.read([sim]).map(\.record)
    let index = try #require(trials.firstIndex { $0.participant == 2 && $0.technique == .pulse && $0.trial == 5 })
    trials[index].outcome.timeMs = 63_000
    try FileManager.default.createDirectory(atPath: people, withIntermediateDirectories: true)
    try TrialCSV.text(trials).write(toFile: people + "/trials.csv", atomically: true, encoding: .utf8)
    #expect(scratch.failure(["study", "report", people]) == nil)
    let summary = try Self.read(people + "/summary.md")
    let committed = trials.filter { !$0.outcome.timedOut }.count
    #expect(summary.contains("of the \(committed) committed trials in cells with fences:\n"))
    let task = trials[index].task
    #expect(
      summary.contains(
        "| 2 | 5 | pulse | \(task.range) | \(task.distance.label) | 63.00 | ")
        && summary.contains("| \(people)/trials.csv:\(index + 2) |"))
    let pulse = try #require(StudySummary.cells(trials).first { $0.technique == "pulse" && $0.factor == "all" })
    #expect(summary.contains("| pulse | 192 | \(StudySummary.fixed(pulse.time.mean / 1000, 2)) ("))
  }

  @Test func badInputIsRefusedByFileAndLineAndNothingIsWritten() throws {
    let scratch = ScratchCLI("study-report-errors")
    defer { scratch.remove() }
    let sim = scratch.directory + "/sim", out = scratch.directory + "/out"
    let empty = scratch.directory + "/empty", bad = scratch.directory + "/bad"
    try Self.simulate(sim, seed: 1)
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: bad, withIntermediateDirectories: true)
    var lines = try Self.read(sim + "/trials.csv").split(separator: "\n", omittingEmptySubsequences: false)
    lines[4] = "thumb-roll,1,4,1"
    try lines.joined(separator: "\n").write(toFile: bad + "/trials.csv", atomically: true, encoding: .utf8)

    #expect(
      scratch.failure(["study", "report", empty, "-o", out])
        == "cannot read \(empty)/trials.csv: No such file or directory")
    #expect(
      scratch.failure(["study", "report", bad]) == "\(bad)/trials.csv: line 5: expected 21 fields, found 4")
    #expect(
      scratch.failure(["study", "report", sim, "--compare", bad, "-o", out])
        == "\(bad)/trials.csv: line 5: expected 21 fields, found 4")
    let copy = scratch.directory + "/copy"
    try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: sim + "/trials.csv", toPath: copy + "/trials.csv")
    #expect(
      scratch.failure(["study", "report", sim, copy, "-o", out])
        == "participant 1 of thumb-roll is in both \(sim) and \(copy): pool different participants only "
        + "(renumber one directory's, or report it on its own)")
    #expect(
      scratch.failure(["study", "report", sim, sim + "/", "-o", out])?.contains("\(sim)/ is given twice") == true)
    #expect(scratch.failure(["study", "report"])?.contains("Missing expected argument '<DIR> ...'") == true)
    #expect(!FileManager.default.fileExists(atPath: out))
    #expect(try FileManager.default.contentsOfDirectory(atPath: bad) == ["trials.csv"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty)
  }
}

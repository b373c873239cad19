import ForceEngine
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

@testable import ForceSim

/// Whole studies: determinism, the success bar, and the report's numbers.
@Suite struct StudyRunnerTests {
  @Test func aSeedGivesTheSameResultsWithOneOrTwoJobs() throws {
    let config = StudyConfig(participants: 3, repetitions: 1, seed: 21, jobs: 1)
    var twoJobs = config
    twoJobs.jobs = 2
    let a = try StudyRunner.run(config)
    let b = try StudyRunner.run(config)
    let c = try StudyRunner.run(twoJobs)
    #expect(a.records.count == 4 * 3 * 32)
    #expect(a.records == b.records)
    #expect(a.records == c.records)
    #expect(a.profiles == c.profiles)
    var other = config
    other.seed = 22
    #expect(try StudyRunner.run(other).records != a.records)
  }

  /// The bar for practised users: per technique, at least 90 % of all trials succeed and
  /// at most one (participant, task) pair is never reached in three repetitions. (One
  /// is allowed: with seed 1, practised participant 1, drawn at the 1040-count floor of
  /// `overpress` with a slow search rate, eases off press-through's pause so slowly
  /// that it sees the value leave 44 only when it already shows 42, and commits 42 on
  /// 44 → 43 in all three repetitions: the feedback-driven release of Docs/user-model.md.
  /// The novices' bar, 95 % per technique over the full design, is in `CalibrationTests`.)
  static func check(_ technique: Technique, base: Parameters = .defaults) throws -> (rate: Double, missed: [String]) {
    let result = try StudyRunner.run(
      StudyConfig(
        techniques: [technique], participants: 8, repetitions: 3, seed: 1, base: base, jobs: 2, population: .practised))
    var missed: [String] = []
    for participant in 1...8 {
      for task in StudyDesign.tasks(for: technique) {
        let tries = result.records.filter { $0.participant == participant && $0.task == task }
        if !tries.contains(where: \.success) { missed.append("P\(participant) \(task.start)→\(task.target)") }
      }
    }
    let rate = Double(result.records.filter(\.success).count) / Double(result.records.count)
    return (rate, missed)
  }

  @Test(arguments: [Technique.thumbRoll, .pulse, .pressThrough, .twoButton])
  func theModelReachesEveryTarget(_ technique: Technique) throws {
    let (rate, missed) = try Self.check(technique)
    #expect(rate >= 0.9)
    #expect(missed.count <= 1, "never reached: \(missed)")
  }

  @Test func wrapAndPositionalRunWithTheirOwnRules() throws {
    // Practised users: the technique's rules, not a novice's overshoots, are under test.
    let wrap = try StudyRunner.run(
      StudyConfig(techniques: [.wrap], participants: 4, repetitions: 1, seed: 1, population: .practised))
    #expect(wrap.records.count == 4 * 32)
    #expect(Double(wrap.records.filter(\.success).count) / Double(wrap.records.count) >= 0.85)
    let positional = try StudyRunner.run(
      StudyConfig(techniques: [.positional], participants: 4, repetitions: 1, seed: 1, population: .practised))
    #expect(positional.records.count == 4 * 8)
    #expect(positional.records.allSatisfy { $0.task.range == 10 })
    #expect(Double(positional.records.filter(\.success).count) / 32 >= 0.75)
  }

  @Test func timedOutTrialsAreFailures() throws {
    // A 1 s cap is too short for the long tasks.
    let result = try StudyRunner.run(
      StudyConfig(techniques: [.thumbRoll], participants: 1, repetitions: 1, maxTrialMs: 1000))
    let timedOut = result.records.filter(\.outcome.timedOut)
    #expect(!timedOut.isEmpty)
    #expect(timedOut.allSatisfy { !$0.success && $0.outcome.committed == nil && $0.outcome.timeMs == 1000 })
  }

  @Test func theReportIsComputedFromTheTrialCSVBesideIt() throws {
    let directory = TestScratch.file("forcesim-study").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try StudyRunner.run(StudyConfig(participants: 2, repetitions: 1, seed: 4, jobs: 2))
    try StudyOutput.write(result, to: directory)

    let trialsText = try String(contentsOfFile: directory + "/trials.csv", encoding: .utf8)
    let reread = try TrialCSV.parse(trialsText)
    #expect(reread == result.records)
    let recomputed = StudySummary.cells(reread)
    let summaryCSV = try String(contentsOfFile: directory + "/summary.csv", encoding: .utf8)
    #expect(summaryCSV == StudySummary.csv(recomputed))
    let markdown = try String(contentsOfFile: directory + "/summary.md", encoding: .utf8)
    #expect(markdown == StudyReport.markdown(recomputed))

    // Spot-check one cell by hand from the CSV rows.
    let rows = trialsText.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    let pulse10 = rows.filter { $0[0] == "pulse" && $0[5] == "10" && $0[14] == "0" }
    let mean = Double(pulse10.map { Int($0[11])! }.reduce(0, +)) / Double(pulse10.count)
    // Every row: its block's place in the participant's Latin-square order, not practice,
    // not disturbed, no clock, simulated with this build's schema.
    for row in rows {
      let technique = try #require(result.config.techniques.first { "\($0.name)" == String(row[0]) })
      #expect(Int(row[2]) == result.config.block(of: technique, participant: Int(row[1])!))
      #expect(row[15...].joined(separator: ",") == "0,0,,,sim,\(ParameterText.hex(Parameters.schemaHash))")
    }
    let cell = recomputed.first { $0.technique == "pulse" && $0.factor == "range" && $0.level == "10" }!
    #expect(abs(cell.time.mean - mean) < 1e-9)
    #expect(summaryCSV.contains("pulse,range,10,\(cell.trials),\(StudySummary.fixed(mean, 1)),"))

    for name in ["time-by-range.svg", "time-by-distance.svg", "success-by-distance.svg"] {
      let svg = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
      #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
      #expect(svg.contains("two-button"))
      #expect(svg.hasSuffix("</svg>\n"))
    }
    let participants = try String(contentsOfFile: directory + "/participants.csv", encoding: .utf8)
    #expect(participants.split(separator: "\n").count == 3)
  }

  @Test func csvErrorsNameTheLine() {
    let text =
      TrialCSV.header + "\nthumb-roll,1,1,1,1,10,OneStep,up,6,7,7,775,0,1,0,0,0,,,sim,0x1\n"
      + "thumb-roll,1,1,2,1,10,Far,up,6,7,7,775,0,1,0,0,0,,,sim,0x1\n"
    #expect(throws: TraceError(line: 3, "unknown distance 'Far'")) { try TrialCSV.parse(text) }
    let flag = TrialCSV.header + "\nthumb-roll,1,1,1,1,10,OneStep,up,6,7,7,775,0,1,0,yes,0,,,sim,0x1\n"
    #expect(throws: TraceError(line: 2, "practice 'yes' is not 0 or 1")) { try TrialCSV.parse(flag) }
    let short = TrialCSV.header + "\nthumb-roll,1,1,1,10,OneStep,up,6,7,7,775,0,1,0\n"
    #expect(throws: TraceError(line: 2, "expected 21 fields, found 14")) { try TrialCSV.parse(short) }
  }

  @Test func sweepAxesAndGrid() throws {
    let a = try SweepAxis.parse("rest_threshold=150:300:50")
    #expect(a.values == [150, 200, 250, 300])
    let b = try SweepAxis.parse("quick_release_ms=100")
    #expect(Sweep.grid([a, b]).count == 4)
    #expect(throws: ParameterInputError.self) { try SweepAxis.parse("rest_threshold=300:150:50") }
    #expect(throws: ParameterInputError.self) { try SweepAxis.parse("no_such=1:2:1") }
    let points = Sweep.run(
      [SweepAxis(parameter: .restThreshold, values: [205, 900])],
      config: StudyConfig(techniques: [.twoButton], participants: 1, repetitions: 1))
    #expect(points[0].problem == nil && points[0].cells.count == 1)
    #expect(points[1].problem?.contains("rest_threshold") == true)  // 900 breaks rest < boost
    #expect(Sweep.markdown([SweepAxis(parameter: .restThreshold, values: [205, 900])], points).contains("invalid: "))
  }
}

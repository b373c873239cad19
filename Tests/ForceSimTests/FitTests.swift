import ForceEngine
import Foundation
import Testing

@testable import ForceSim

/// The calibration machinery: target tables, population files, the optimiser, the fit.
@Suite struct FitTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func document(_ name: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent("Docs/" + name), encoding: .utf8)
  }

  @Test func theShippedTargetTableIsThePublishedStudyOne() throws {
    let table = try TargetTable.parse(try Self.document("study1-targets.csv"))
    #expect(table.cells.count == 12)
    #expect(table.techniques == [.thumbRoll, .pulse, .pressThrough])
    #expect(table.cells.first == TargetCell(technique: .thumbRoll, distance: .oneStep, meanMs: 1320, sdMs: 1018))
    #expect(
      table.cells.last == TargetCell(technique: .pressThrough, distance: .eightyPercent, meanMs: 9163, sdMs: 5876))
  }

  @Test func targetTableErrorsNameTheLine() {
    let header = TargetTable.header + "\n"
    #expect(throws: FitInputError(line: 2, "unknown technique 'roll'")) {
      try TargetTable.parse(header + "roll,OneStep,1,1\n")
    }
    #expect(throws: FitInputError(line: 3, "thumb-roll OneStep is given twice")) {
      try TargetTable.parse(header + "thumb-roll,OneStep,1,1\nthumb-roll,OneStep,2,1\n")
    }
    #expect(throws: FitInputError(line: 2, "mean_ms '-3' is not a positive number")) {
      try TargetTable.parse(header + "pulse,20%,-3,1\n")
    }
    #expect(throws: FitInputError(line: 1, "expected the header \(TargetTable.header)")) {
      try TargetTable.parse("technique,distance\n")
    }
  }

  @Test func theCommittedNoviceFileIsTheBuiltInNovicePopulation() throws {
    #expect(try PopulationText.parse(try Self.document("novice-users.txt")) == UserPopulation.novice)
  }

  @Test func populationFilesRoundTripAndReportTheirErrors() throws {
    var population = UserPopulation.novice
    population.decisionMs = 123.4567
    #expect(try PopulationText.parse(PopulationText.format(population, comments: ["a note"])) == population)
    let good = PopulationText.format(.practised)
    #expect(throws: FitInputError(line: 2, "unknown parameter 'speed'")) {
      try PopulationText.parse("# note\nspeed = 3\n" + good)
    }
    #expect(throws: FitInputError(line: 1, "overpress = '900' is not a number in 1024...2046")) {
      try PopulationText.parse("overpress = 900\n")
    }
    #expect(throws: FitInputError("missing: trial_spread")) {
      try PopulationText.parse(good.split(separator: "\n").dropLast().joined(separator: "\n"))
    }
  }

  @Test func nelderMeadFindsTheMinimumOfABowlAndOfAValley() {
    let bowl = NelderMead(maxEvaluations: 400, tolerance: 1e-12).minimize(from: [0.9, 0.1, 0.5]) { x in
      (x[0] - 0.3) * (x[0] - 0.3) + 2 * (x[1] - 0.7) * (x[1] - 0.7) + (x[2] - 0.5) * (x[2] - 0.5)
    }
    #expect(abs(bowl.point[0] - 0.3) < 1e-3 && abs(bowl.point[1] - 0.7) < 1e-3)
    #expect(bowl.evaluations <= 400)
    // A narrow valley along x = y (condition number 100): minimum at (0.5, 0.5).
    let valley = NelderMead(maxEvaluations: 1000, tolerance: 1e-14).minimize(from: [0.1, 0.8]) { x in
      (x[0] + x[1] - 1) * (x[0] + x[1] - 1) + 100 * (x[0] - x[1]) * (x[0] - x[1])
    }
    #expect(abs(valley.point[0] - 0.5) < 1e-3 && abs(valley.point[1] - 0.5) < 1e-3)
    // Points stay in the cube even when the minimum lies outside it.
    let edge = NelderMead(maxEvaluations: 200).minimize(from: [0.5]) { x in x[0] }
    #expect(edge.point == [0])
  }

  @Test func theObjectiveWeighsMeansAndSDsByTheirTolerances() {
    let cell = TargetCell(technique: .pulse, distance: .oneStep, meanMs: 1000, sdMs: 500)
    let exact = ComparedCell(target: cell, simulated: SampleStats([500.0, 1500]))  // M 1000, SD 707
    #expect(abs(exact.meanError! - 0) < 1e-12)
    #expect(abs(exact.sdError! - (500 * 2.0.squareRoot() / 500 - 1)) < 1e-12)
    let sdTerm = (2.0.squareRoot() - 1) / 0.35  // 1.18: beyond the tolerance, so both walls add
    let expected = sdTerm * sdTerm + 25 * (sdTerm - 0.9) * (sdTerm - 0.9) + 1000 * (sdTerm - 1) * (sdTerm - 1)
    #expect(abs(PopulationFit.objective([exact], success: [1]) - expected) < 1e-9)
    #expect(abs(PopulationFit.objective([exact], success: [0.945]) - expected - 4) < 1e-9)
    let worse = ComparedCell(target: cell, simulated: SampleStats([600.0, 1600]))  // M +10 %, the same SD
    #expect(PopulationFit.objective([worse], success: [1]) > PopulationFit.objective([exact], success: [1]))
  }

  @Test func aShortFitImprovesOnItsStartAndStaysInBounds() throws {
    let table = TargetTable(cells: [
      TargetCell(technique: .thumbRoll, distance: .twentyPercent, meanMs: 4000, sdMs: 1500)
    ])
    let config = StudyConfig(participants: 2, repetitions: 1, seed: 3, jobs: 2)
    var scores: [Double] = []
    let result = try PopulationFit.fit(
      table, from: .novice, config: config, optimiser: NelderMead(maxEvaluations: 12)
    ) { _, score, _ in scores.append(score) }
    #expect(scores.count == 12)
    #expect(result.objective <= scores[0])
    #expect(result.compared.count == 1 && result.success.map(\.0) == [.thumbRoll])
    for (value, bounds) in zip(result.population.values, UserPopulation.bounds) { #expect(bounds.contains(value)) }
  }

  @Test func aFitKeepsItsFixedParametersAtTheirStartValues() throws {
    let table = TargetTable(cells: [
      TargetCell(technique: .thumbRoll, distance: .twentyPercent, meanMs: 4000, sdMs: 1500)
    ])
    let config = StudyConfig(participants: 2, repetitions: 1, seed: 3, jobs: 2)
    var start = UserPopulation.novice
    start.homingTimeS = 1.23456  // not on the fit's four-place grid
    var seen: [UserPopulation] = []
    let result = try PopulationFit.fit(
      table, from: start, fixed: ["homing_time_s", "skill_spread"], config: config,
      optimiser: NelderMead(maxEvaluations: 8)
    ) { _, _, population in seen.append(population) }
    #expect(seen.count == 8)
    for population in seen + [result.population] {
      #expect(population.homingTimeS == 1.23456 && population.skillSpread == start.skillSpread)
    }
    // The free parameters did move.
    #expect(Set(seen.map(\.decisionMs)).count > 1)
  }
}

import ForceTrace
import Testing

@testable import ForceSim

/// A fit from several starts, run in shards and merged, is the fit on one machine.
struct FitShardTests {
  static let table = TargetTable(cells: [
    TargetCell(technique: .thumbRoll, distance: .oneStep, meanMs: 1320, sdMs: 1018),
    TargetCell(technique: .thumbRoll, distance: .fiftyPercent, meanMs: 2900, sdMs: 1500),
  ])
  static let config = StudyConfig(participants: 1, repetitions: 1, seed: 9)
  static let starts = 4

  static func fit(_ start: Int) throws -> FitResult {
    try PopulationFit.fit(
      table, from: MultiStartFit.start(start, from: .novice, fixed: ["creep_lead"], seed: 9), fixed: ["creep_lead"],
      config: config, optimiser: NelderMead(maxEvaluations: 3, step: 0.15))
  }

  @Test func startsAreDrawnInsideTheBoundsAndKeepTheFixedValues() {
    #expect(MultiStartFit.start(1, from: .novice, fixed: [], seed: 9).values == UserPopulation.novice.values)
    let creep = UserPopulation.names.firstIndex(of: "creep_lead")!
    var seen: Set<[Double]> = []
    for start in 2...20 {
      let p = MultiStartFit.start(start, from: .novice, fixed: ["creep_lead"], seed: 9)
      #expect(p.values == MultiStartFit.start(start, from: .novice, fixed: ["creep_lead"], seed: 9).values)
      #expect(zip(p.values, UserPopulation.bounds).allSatisfy { $1.contains($0) })
      #expect(p.values[creep] == UserPopulation.novice.values[creep])
      seen.insert(p.values)
    }
    #expect(seen.count == 19)
  }

  @Test func mergedShardsGiveTheOneMachineFit() throws {
    let fits = try (1...Self.starts).map { (start: $0, result: try Self.fit($0)) }
    let one = MultiStartFit.result(fits)!
    #expect(one.evaluations == fits.map(\.result.evaluations).reduce(0, +))
    #expect(one.objective == fits.map(\.result.objective).min())
    for count in [1, 3, 4] {
      let files = (1...count).map { k in
        let shard = Shard(index: k, count: count)
        let mine = fits.filter { shard.holds($0.start - 1) }.map { MultiStartFit.outcome($0.start, $0.result) }
        return (
          name: "fit-\(k).csv",
          text: MultiStartFit.shardCSV(mine, shard: shard, starts: Self.starts, identity: "this fit")
        )
      }
      let merged = try MultiStartFit.merge(files.reversed())
      #expect(merged.identity == "this fit")
      #expect(merged.outcomes == fits.map { MultiStartFit.outcome($0.start, $0.result) })
      let (result, recomputed) = try MultiStartFit.result(
        merging: merged.outcomes, table: Self.table, config: Self.config)
      #expect(recomputed == nil)
      #expect(result.population.values == one.population.values && result.objective == one.objective)
      #expect(result.evaluations == one.evaluations && result.compared == one.compared)
    }
  }

  @Test func aShardWithAStartMissingIsRefused() throws {
    let outcome = MultiStartFit.Outcome(start: 1, objective: 2.5, evaluations: 3, population: .novice)
    let shard = Shard(index: 1, count: 2)
    let first = MultiStartFit.shardCSV([outcome], shard: shard, starts: 4, identity: "x")
    let second = MultiStartFit.shardCSV(
      [MultiStartFit.Outcome(start: 2, objective: 1, evaluations: 3, population: .novice)],
      shard: Shard(index: 2, count: 2), starts: 4, identity: "x")
    #expect(throws: FileError("a.csv has no row for start 3 (did its run finish?)")) {
      try MultiStartFit.merge([("a.csv", first), ("b.csv", second)])
    }
    #expect(throws: FileError("b.csv is a shard of another fit than a.csv: y, not x")) {
      try MultiStartFit.merge([
        ("a.csv", first), ("b.csv", second.replacingOccurrences(of: "starts: x", with: "starts: y")),
      ])
    }
  }
}

import ForceEngine
import ForceTrace

/// The result of fitting a population to a target table.
public struct FitResult: Sendable {
  /// The fitted population.
  public var population: UserPopulation
  /// The objective at the fitted population.
  public var objective: Double
  /// Each target cell against the study run with the fitted population.
  public var compared: [ComparedCell]
  /// Success rate of each fitted technique, in the table's order.
  public var success: [(Technique, Double)]
  /// Studies run.
  public var evaluations: Int
}

/// Fits the free parameters of `UserPopulation` to a target table (`forcectl sim fit`).
///
/// Each evaluation runs the study design for the table's techniques with one fixed seed
/// (common random numbers: the same participants and noise at every point, so the
/// objective is deterministic) and scores it: the sum over cells of the squared
/// relative error of the mean over 0.15 plus that of the SD over 0.35 (the tolerances
/// of `Docs/user-model.md`), plus 25 times the square of how far a term exceeds 0.9
/// and 1000 times that of how far it exceeds 1 (every cell inside its tolerance, not
/// just most), plus a penalty for success below
/// 96.5 % (a margin above the 95 % bar). `NelderMead`
/// minimises it over the parameters scaled to their bounds.
public enum PopulationFit {
  /// The score of one study against the table (0 is a perfect fit).
  public static func objective(_ compared: [ComparedCell], success: [Double]) -> Double {
    var total = 0.0
    for row in compared {
      let m = (row.meanError ?? 10) / 0.15
      let s = (row.sdError ?? 10) / 0.35
      // Plus a steep wall from 90 % of a tolerance on, and a steeper one past the
      // tolerance itself: every cell inside, not just most.
      let mOver = Swift.max(0, abs(m) - 0.9)
      let sOver = Swift.max(0, abs(s) - 0.9)
      let mOut = Swift.max(0, abs(m) - 1)
      let sOut = Swift.max(0, abs(s) - 1)
      total += m * m + s * s + 25 * (mOver * mOver + sOver * sOver) + 1000 * (mOut * mOut + sOut * sOut)
    }
    for rate in success where rate < 0.965 {
      let short = (0.965 - rate) / 0.01
      total += short * short
    }
    return total
  }

  /// Runs the study for `population` and compares it with `table`.
  public static func evaluate(
    _ population: UserPopulation, table: TargetTable, config: StudyConfig
  ) throws(ParameterInputError) -> (compared: [ComparedCell], success: [(Technique, Double)]) {
    var config = config
    config.techniques = table.techniques
    config.population = population
    return assess(try StudyRunner.run(config).records, table: table)
  }

  /// The table's cells and each of its techniques' success rate in `records` (other
  /// techniques' records are ignored; a study of more techniques with the same seed
  /// holds the same records for these).
  public static func assess(
    _ records: [TrialRecord], table: TargetTable
  ) -> (compared: [ComparedCell], success: [(Technique, Double)]) {
    let success = table.techniques.map { technique in
      let mine = records.filter { $0.technique == technique }
      return (technique, mine.isEmpty ? 0 : Double(mine.filter(\.success).count) / Double(mine.count))
    }
    return (TargetComparison.compare(records, with: table), success)
  }

  /// Fits from `start`, keeping the parameters named in `fixed` (`UserPopulation.names`)
  /// at their values in `start`; `progress` hears each evaluation's number and score.
  public static func fit(
    _ table: TargetTable, from start: UserPopulation, fixed: Set<String> = [], config: StudyConfig,
    optimiser: NelderMead, progress: (Int, Double, UserPopulation) -> Void = { _, _, _ in }
  ) throws(ParameterInputError) -> FitResult {
    var studies = StudyMemo(table: table, config: config)
    _ = try studies.evaluate(start)  // parameter problems surface here, once
    let free = UserPopulation.names.indices.filter { !fixed.contains(UserPopulation.names[$0]) }
    let startUnit = unit(start)
    // The population at the free parameters' unit coordinates `x`, the fixed ones as in `start`.
    func population(_ x: [Double]) -> UserPopulation {
      var full = startUnit
      for (k, i) in free.enumerated() { full[i] = x[k] }
      var result = scaled(full)
      var values = result.values
      for i in values.indices where !free.contains(i) { values[i] = start.values[i] }
      result.values = values
      return result
    }
    var count = 0
    let best = optimiser.minimize(from: free.map { startUnit[$0] }) { x in
      let population = population(x)
      let score: Double
      if let (compared, success) = try? studies.evaluate(population) {
        score = objective(compared, success: success.map(\.1))
      } else {
        score = .infinity
      }
      count += 1
      progress(count, score, population)
      return score
    }
    let population = population(best.point)
    let (compared, success) = try studies.evaluate(population)
    return FitResult(
      population: population, objective: objective(compared, success: success.map(\.1)), compared: compared,
      success: success, evaluations: best.evaluations)
  }

  /// A population's values in unit-cube coordinates of `UserPopulation.bounds`.
  static func unit(_ population: UserPopulation) -> [Double] {
    zip(population.values, UserPopulation.bounds).map { ($0 - $1.lowerBound) / ($1.upperBound - $1.lowerBound) }
  }

  /// The population at unit-cube coordinates `x`, rounded to four significant places.
  static func scaled(_ x: [Double]) -> UserPopulation {
    var population = UserPopulation.practised
    population.values = zip(x, UserPopulation.bounds).map { t, b in
      let value = b.lowerBound + t * (b.upperBound - b.lowerBound)
      return (value * 10_000).rounded() / 10_000
    }
    return population
  }
}

/// `PopulationFit.evaluate` for the points of one fit, each technique's part simulated
/// once: a technique's cells and success depend only on its own records, which depend
/// only on the population's values that reach its trials (on the ideal counts, the
/// participants and each trial's stream are the same whatever else the study runs). So
/// a point that moves only press-through's overpress or search rate, or pulse's hold,
/// reruns only that technique, and a point seen before (the start, checked first; the
/// best, evaluated again at the end) reruns nothing. The same numbers as `evaluate`.
struct StudyMemo {
  let table: TargetTable
  let config: StudyConfig
  /// Each technique's part: its cells' statistics (by index in the table) and success.
  var known: [Key: (cells: [Int: SampleStats], success: Double)] = [:]

  /// A technique and the bit patterns of the population values its records depend on.
  struct Key: Hashable {
    var technique: Int32
    var values: [UInt64]
  }

  init(table: TargetTable, config: StudyConfig) {
    self.table = table
    self.config = config
  }

  /// The key of `technique`'s part of a study of `population`. Overpress and the search
  /// rate act only in a press-through's reversal and the pulse hold only in a pulse
  /// (`SimulatedUser`); through a sensor every value counts for every technique (the
  /// overpress calibrates the device, and one session runs every technique in turn).
  func key(_ technique: Technique, _ population: UserPopulation) -> Key {
    var values = population.values.map(\.bitPattern)
    if config.sensor.readsIdealCounts {
      let masked: [String] =
        switch technique {
        case .pressThrough: ["pulse_hold_ms"]
        case .pulse: ["overpress", "search_fall_per_ms"]
        case .thumbRoll, .twoButton, .wrap, .positional: ["overpress", "search_fall_per_ms", "pulse_hold_ms"]
        }
      for name in masked { values[UserPopulation.names.firstIndex(of: name)!] = 0 }
    }
    return Key(technique: technique.rawValue, values: values)
  }

  /// The table's cells and each technique's success rate at `population`, simulating
  /// only the techniques whose part is not known yet.
  mutating func evaluate(
    _ population: UserPopulation
  ) throws(ParameterInputError) -> (compared: [ComparedCell], success: [(Technique, Double)]) {
    let techniques = table.techniques
    let keys = techniques.map { key($0, population) }
    let missing = techniques.indices.filter { known[keys[$0]] == nil }
    if !missing.isEmpty {
      var config = config
      config.techniques = missing.map { techniques[$0] }
      config.population = population
      let records = try StudyRunner.run(config).records
      let (compared, success) = PopulationFit.assess(records, table: table)
      for i in missing {
        var cells: [Int: SampleStats] = [:]
        for (index, cell) in table.cells.enumerated() where cell.technique == techniques[i] {
          cells[index] = compared[index].simulated
        }
        known[keys[i]] = (cells, success[i].1)
      }
    }
    let parts = keys.map { known[$0]! }
    let compared = table.cells.enumerated().map { index, cell in
      ComparedCell(target: cell, simulated: parts[techniques.firstIndex(of: cell.technique)!].cells[index]!)
    }
    return (compared, zip(techniques, parts).map { ($0, $1.success) })
  }
}

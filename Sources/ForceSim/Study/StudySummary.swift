import ForceEngine
import Foundation

/// Mean, standard deviation (n − 1) and count of a sample.
public struct SampleStats: Equatable, Sendable {
  /// Number of values.
  public var count: Int
  /// Mean (0 when empty).
  public var mean: Double
  /// Sample standard deviation (0 with fewer than two values).
  public var sd: Double

  /// The statistics of `values`.
  public init<C: Collection>(_ values: C) where C.Element == Double {
    count = values.count
    mean = count > 0 ? values.reduce(0, +) / Double(count) : 0
    let m = mean
    sd = count > 1 ? (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(count - 1)).squareRoot() : 0
  }
}

/// One cell of the summary: a technique and one level of a factor.
public struct SummaryCell: Equatable, Sendable {
  /// Technique name.
  public var technique: String
  /// `all`, `range` or `distance`.
  public var factor: String
  /// `all`, a RANGE (`10`) or a DISTANCE label (`20%`).
  public var level: String
  /// Trials in the cell.
  public var trials: Int
  /// Time of the trials that committed (time-outs excluded), ms.
  public var time: SampleStats
  /// Crossings of every trial.
  public var crossings: SampleStats
  /// Share of trials whose committed value is the target.
  public var successRate: Double
  /// Trials that hit the time cap.
  public var timeouts: Int
}

/// The study's summary tables (the measures of Docs/study-design.md), computed from trial records only,
/// so the same numbers come out of the records in memory and of `trials.csv` read back.
///
/// Time M and SD are over the trials that committed (a time-out has no time; it counts
/// as a failure in Success). SD is over trials (n − 1). Crossings are over every trial.
public enum StudySummary {
  /// Cells per technique (in first-appearance order): all, each RANGE, each DISTANCE.
  public static func cells(_ records: [TrialRecord]) -> [SummaryCell] {
    var techniques: [Technique] = []
    for record in records where !techniques.contains(record.technique) { techniques.append(record.technique) }
    var cells: [SummaryCell] = []
    for technique in techniques {
      let mine = records.filter { $0.technique == technique }
      cells.append(cell(technique, "all", "all", mine))
      for range in StudyDesign.ranges {
        let subset = mine.filter { $0.task.range == range }
        if !subset.isEmpty { cells.append(cell(technique, "range", String(range), subset)) }
      }
      for distance in StudyDistance.allCases {
        let subset = mine.filter { $0.task.distance == distance }
        if !subset.isEmpty { cells.append(cell(technique, "distance", distance.label, subset)) }
      }
    }
    return cells
  }

  static func cell(_ technique: Technique, _ factor: String, _ level: String, _ records: [TrialRecord]) -> SummaryCell {
    SummaryCell(
      technique: technique.name.description, factor: factor, level: level, trials: records.count,
      time: SampleStats(records.filter { !$0.outcome.timedOut }.map { Double($0.outcome.timeMs) }),
      crossings: SampleStats(records.map { Double($0.outcome.crossings) }),
      successRate: records.isEmpty ? 0 : Double(records.filter(\.success).count) / Double(records.count),
      timeouts: records.filter(\.outcome.timedOut).count)
  }

  /// `summary.csv`: one line per cell.
  public static let csvHeader =
    "technique,factor,level,trials,time_mean_ms,time_sd_ms,crossings_mean,crossings_sd,success_rate,timeouts"

  /// The summary CSV text.
  public static func csv(_ cells: [SummaryCell]) -> String {
    var text = csvHeader + "\n"
    for c in cells {
      text +=
        [
          c.technique, c.factor, c.level, String(c.trials), fixed(c.time.mean, 1), fixed(c.time.sd, 1),
          fixed(c.crossings.mean, 3), fixed(c.crossings.sd, 3), fixed(c.successRate, 4), String(c.timeouts),
        ].joined(separator: ",") + "\n"
    }
    return text
  }

  /// `x` with `places` decimals: what `String(format: "%.<places>f", x)` prints.
  public static func fixed(_ x: Double, _ places: Int) -> String {
    FixedDecimal.text(x, places: places) ?? String(format: "%.\(places)f", x)
  }
}

import ForceEngine
import ForceTrace

/// One cell of a target table set against the simulation.
public struct ComparedCell: Equatable, Sendable {
  /// The target.
  public var target: TargetCell
  /// The simulated times of the committed trials of that technique and distance.
  public var simulated: SampleStats

  /// (simulated − target) / target for the mean; nil when nothing was simulated.
  public var meanError: Double? { simulated.count > 0 ? simulated.mean / target.meanMs - 1 : nil }
  /// (simulated − target) / target for the SD; nil when nothing was simulated or the target SD is 0.
  public var sdError: Double? { simulated.count > 1 && target.sdMs > 0 ? simulated.sd / target.sdMs - 1 : nil }
}

/// Simulated against target, cell by cell: the `summary.md` section of
/// `sim study --targets` and the residuals of `sim fit`.
public enum TargetComparison {
  /// Each target cell with the matching summary cell's time statistics.
  public static func compare(_ cells: [SummaryCell], with table: TargetTable) -> [ComparedCell] {
    table.cells.map { target in
      let name = String(describing: target.technique.name)
      let match = cells.first { $0.technique == name && $0.factor == "distance" && $0.level == target.distance.label }
      return ComparedCell(target: target, simulated: match?.time ?? SampleStats([Double]()))
    }
  }

  /// Each target cell with the statistics of `records` (no summary needed).
  public static func compare(_ records: [TrialRecord], with table: TargetTable) -> [ComparedCell] {
    table.cells.map { target in
      let times = records.filter {
        $0.technique == target.technique && $0.task.distance == target.distance && !$0.outcome.timedOut
      }.map { Double($0.outcome.timeMs) }
      return ComparedCell(target: target, simulated: SampleStats(times))
    }
  }

  /// The Markdown table: technique, distance, target and simulated M and SD (s), and
  /// the relative errors.
  public static func markdown(_ rows: [ComparedCell]) -> String {
    var lines = [
      "| Technique | Distance | Target M (SD), s | Simulated M (SD), s | Error of M | Error of SD |",
      "|---|---|---:|---:|---:|---:|",
    ]
    for row in rows {
      let target = "\(seconds(row.target.meanMs)) (\(seconds(row.target.sdMs)))"
      let simulated = row.simulated.count == 0 ? "–" : "\(seconds(row.simulated.mean)) (\(seconds(row.simulated.sd)))"
      lines.append(
        "| \(row.target.technique.name) | \(row.target.distance.label) | \(target) | \(simulated) | "
          + "\(percent(row.meanError)) | \(percent(row.sdError)) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func seconds(_ ms: Double) -> String { StudySummary.fixed(ms / 1000, 2) }

  /// A signed percentage with one decimal, or – when there is none.
  public static func percent(_ error: Double?) -> String {
    guard let error else { return "–" }
    return (error >= 0 ? "+" : "") + StudySummary.fixed(error * 100, 1) + " %"
  }
}

import Foundation

/// One cell of measured against simulated.
public struct ComparisonRow: Equatable, Sendable {
  /// The cell.
  public var cell: ReportCell
  /// The measured trials' measures.
  public var measured: CellMeasures
  /// The simulated trials' measures.
  public var simulated: CellMeasures

  /// Simulated geometric mean time / measured − 1; nil when either has no time.
  public var timeRatio: Double? {
    guard let m = measured.time.geometricMean, let s = simulated.time.geometricMean else { return nil }
    return s / m - 1
  }

  /// Simulated success − measured, in percentage points; nil when either has no trials.
  public var successDifference: Double? {
    measured.trials > 0 && simulated.trials > 0 ? (simulated.successRate - measured.successRate) * 100 : nil
  }
}

/// Simulated against measured, cell by cell (`study report --compare`, `comparison.md`):
/// per technique overall and per technique × RANGE × DISTANCE.
public enum StudyComparison {
  /// Every cell either side fills, the measured side's first.
  public static func rows(measured: [TrialRecord], simulated: [TrialRecord]) -> [ComparisonRow] {
    var cells = ReportCell.cells(measured)
    for cell in ReportCell.cells(simulated) where !cells.contains(cell) { cells.append(cell) }
    return cells.map {
      ComparisonRow(cell: $0, measured: CellMeasures($0, of: measured), simulated: CellMeasures($0, of: simulated))
    }
  }

  /// The side-by-side Markdown table: for each side n, GM [95 % CI], M (SD) and
  /// success, then the simulated GM against the measured and the success difference.
  public static func markdown(_ rows: [ComparisonRow]) -> String {
    let sides = ["n", "GM [95 % CI] (s)", "M (SD) (s)", "Success"]
    var lines = [
      "| Technique | RANGE | DISTANCE | " + sides.map { "Measured \($0)" }.joined(separator: " | ") + " | "
        + sides.map { "Simulated \($0)" }.joined(separator: " | ")
        + " | GM, sim/measured − 1 | Success, sim − measured |",
      "|---|---:|---|" + String(repeating: "---:|", count: 2 * sides.count + 2),
    ]
    for row in rows {
      let difference = row.successDifference.map {
        ($0 >= 0 ? "+" : "") + StudySummary.fixed($0, 1) + " pt"
      }
      let columns =
        row.cell.columns + row.measured.columns + row.simulated.columns
        + [TargetComparison.percent(row.timeRatio), difference ?? "–"]
      lines.append("| " + columns.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Mean time per technique, measured beside simulated, with 95 % t intervals of the
  /// mean as whiskers (`SVGChart`'s bars; plain means, as the whiskers are symmetric).
  public static func chart(_ rows: [ComparisonRow]) -> String {
    var bars: [SummaryCell] = []
    for row in rows where row.cell.range == nil {
      for (side, measures) in [("measured", row.measured), ("simulated", row.simulated)] {
        bars.append(
          SummaryCell(
            technique: side, factor: "technique", level: "\(row.cell.technique.name)", trials: measures.trials,
            time: measures.time.plain, crossings: SampleStats([Double]()), successRate: measures.successRate,
            timeouts: 0))
      }
    }
    return SVGChart.chart(
      bars, factor: "technique", title: "Mean time, measured vs simulated (95 % CI)", unit: "Time (s)",
      value: { $0.time.mean / 1000 }, spread: { (StudentT.halfWidth(of: $0.time) ?? 0) / 1000 })
  }
}

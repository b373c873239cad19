import ForceEngine

/// A cell of `study report`'s tables: a technique overall, or one technique × RANGE × DISTANCE.
public struct ReportCell: Hashable, Sendable {
  /// The technique.
  public var technique: Technique
  /// The RANGE, nil for the technique overall.
  public var range: Int32?
  /// The DISTANCE, nil for the technique overall.
  public var distance: StudyDistance?

  /// Whether `record` belongs to the cell.
  public func contains(_ record: TrialRecord) -> Bool {
    record.technique == technique && (range.map { $0 == record.task.range } ?? true)
      && (distance.map { $0 == record.task.distance } ?? true)
  }

  /// The cells `records` fill, per technique in first-appearance order: the technique
  /// overall, then each RANGE × DISTANCE present, RANGE by RANGE in the design's order.
  public static func cells(_ records: [TrialRecord]) -> [ReportCell] {
    var techniques: [Technique] = []
    for record in records where !techniques.contains(record.technique) { techniques.append(record.technique) }
    var cells: [ReportCell] = []
    for technique in techniques {
      cells.append(ReportCell(technique: technique))
      for range in StudyDesign.ranges {
        for distance in StudyDistance.allCases {
          let cell = ReportCell(technique: technique, range: range, distance: distance)
          if records.contains(where: cell.contains) { cells.append(cell) }
        }
      }
    }
    return cells
  }

  /// The cell's three leading table columns: technique, RANGE, DISTANCE (`all` overall).
  public var columns: [String] {
    ["\(technique.name)", range.map(String.init) ?? "all", distance?.label ?? "all"]
  }
}

/// What `study report` sets side by side for a cell: trials, time, success.
public struct CellMeasures: Equatable, Sendable {
  /// Trials in the cell.
  public var trials: Int
  /// Time of the trials that committed (time-outs have none).
  public var time: TimeEstimate
  /// Share of all the cell's trials whose committed value is the target.
  public var successRate: Double

  /// The measures of `cell` in `records`.
  public init(_ cell: ReportCell, of records: [TrialRecord]) {
    let mine = records.filter(cell.contains)
    trials = mine.count
    time = TimeEstimate(mine.filter { !$0.outcome.timedOut }.map { Double($0.outcome.timeMs) })
    successRate = mine.isEmpty ? 0 : Double(mine.filter(\.success).count) / Double(mine.count)
  }

  /// The table columns, times in s: n (committed trials), geometric mean [95 % CI],
  /// M (SD), success (of all trials); `–` where there is nothing.
  public var columns: [String] {
    guard trials > 0 else { return ["0", "–", "–", "–"] }
    let s = { (ms: Double) in StudySummary.fixed(ms / 1000, 2) }
    var geometric = time.geometricMean.map(s) ?? "–"
    if let interval = time.geometricInterval { geometric += " [\(s(interval.lowerBound)), \(s(interval.upperBound))]" }
    return [
      String(time.count), geometric, time.count == 0 ? "–" : StudyReport.seconds(time.plain),
      StudyReport.percent(successRate),
    ]
  }
}

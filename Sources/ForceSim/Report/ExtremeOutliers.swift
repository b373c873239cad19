/// A trial whose time lies outside its cell's Tukey fences at 3 × IQR.
public struct ExtremeOutlier: Equatable, Sendable {
  /// The trial, with its file and line.
  public var trial: SourcedTrial
  /// Its technique × RANGE × DISTANCE cell.
  public var cell: ReportCell
  /// The cell's fences.
  public var fences: TukeyFences
}

/// The extreme outliers of a set of trials, found per technique × RANGE × DISTANCE cell
/// on the committed trials' time, and their section of a report. They are listed,
/// never dropped: every mean, SD and interval of the report includes them.
public struct ExtremeOutliers: Sendable {
  /// The outliers, cell by cell, in the trials' order within a cell.
  public var outliers: [ExtremeOutlier] = []
  /// Cells with too few committed trials for fences (fewer than `TukeyFences.minimumCount`).
  public var cellsWithoutFences = 0
  /// Committed trials in the cells with fences (the trials looked at).
  public var trialsLookedAt = 0

  /// The outliers of `trials`.
  public init(_ trials: [SourcedTrial]) {
    for cell in ReportCell.cells(trials.map(\.record)) where cell.range != nil {
      let committed = trials.filter { cell.contains($0.record) && !$0.record.outcome.timedOut }
      guard let fences = TukeyFences(committed.map { Double($0.record.outcome.timeMs) }) else {
        cellsWithoutFences += 1
        continue
      }
      trialsLookedAt += committed.count
      for trial in committed where fences.excludes(Double(trial.record.outcome.timeMs)) {
        outliers.append(ExtremeOutlier(trial: trial, cell: cell, fences: fences))
      }
    }
  }

  /// The Markdown section, headed `## title`.
  public func markdown(title: String) -> String {
    var lines = [
      "## \(title)", "",
      "Per technique × RANGE × DISTANCE cell, on the committed trials' time: a trial below Q1 − 3 × IQR "
        + "or above Q3 + 3 × IQR (Tukey's fences; quartiles by linear interpolation). They are kept: "
        + "every mean, SD and interval above includes them.", "",
    ]
    if cellsWithoutFences > 0 {
      lines += [
        "\(cellsWithoutFences) cell(s) had fewer than \(TukeyFences.minimumCount) committed trials and no fences.", "",
      ]
    }
    guard !outliers.isEmpty else { return (lines + ["None.", ""]).joined(separator: "\n") }
    lines += [
      "\(outliers.count) of the \(trialsLookedAt) committed trials in cells with fences:", "",
    ]
    lines += [
      "| Participant | Trial | Technique | RANGE | DISTANCE | Time (s) | Fences (s) | File, line |",
      "|---:|---:|---|---:|---|---:|---|---|",
    ]
    let s = { (ms: Double) in StudySummary.fixed(ms / 1000, 2) }
    for o in outliers {
      let r = o.trial.record
      lines.append(
        "| \(r.participant) | \(r.trial) | \(r.technique.name) | \(r.task.range) | \(r.task.distance.label) | "
          + "\(s(Double(r.outcome.timeMs))) | [\(s(o.fences.lower)), \(s(o.fences.upper))] | "
          + "\(o.trial.file):\(o.trial.line) |")
    }
    return (lines + [""]).joined(separator: "\n")
  }
}

/// A file of a report: its name in the output directory and its text.
public struct ReportFile: Equatable, Sendable {
  /// The file name (no directory).
  public var name: String
  /// The whole text.
  public var text: String
}

/// The files of `forcectl study report`, worked out in memory before anything is written.
///
/// For the measured trials (pooled): what `sim study` writes of its trials, `summary.md`,
/// `summary.csv` and the three charts (`StudySummary`, `StudyReport`, `SVGChart`), with
/// two more sections in `summary.md`: time on a log scale per cell, and the extreme
/// outliers. With simulated trials, `comparison.md` (`StudyComparison`, and the
/// simulation's outliers) and `comparison-by-technique.svg`.
public enum StudyReportFiles {
  /// The report of `measured`, read from `sources`; with `simulated` (read from
  /// `simulatedSource`) the comparison too.
  /// Practice trials and trials marked disturbed are left out of every figure and listed.
  public static func files(
    measured logged: [SourcedTrial], sources: [String], simulated loggedSimulation: [SourcedTrial]? = nil,
    simulatedSource: String = ""
  ) -> [ReportFile] {
    let measured = logged.filter(\.analysed)
    let simulated = loggedSimulation?.filter(\.analysed)
    let records = measured.map(\.record)
    let cells = StudySummary.cells(records)
    let origin = describe(measured, sources)
    var summary = StudyReport.markdown(
      cells, title: "Study report",
      notes: [
        "Measured: \(origin).",
        "Time: first contact to commit, committed trials only (M and SD over trials). "
          + "Crossings: passes of the shown value over the target. Success: committed value = target.",
      ] + setAside(logged) + (simulated == nil ? [] : ["Simulated against measured, cell by cell: comparison.md."]))
    summary += "\n" + logTime(records) + "\n" + ExtremeOutliers(measured).markdown(title: "Extreme outliers")
    var files = [
      ReportFile(name: "summary.md", text: summary),
      ReportFile(name: "summary.csv", text: StudySummary.csv(cells)),
      ReportFile(name: "time-by-range.svg", text: SVGChart.time(cells, factor: "range")),
      ReportFile(name: "time-by-distance.svg", text: SVGChart.time(cells, factor: "distance")),
      ReportFile(name: "success-by-distance.svg", text: SVGChart.success(cells, factor: "distance")),
    ]
    guard let simulated else { return files }
    let rows = StudyComparison.rows(measured: records, simulated: simulated.map(\.record))
    let comparison = [
      "# Measured vs simulated", "",
      "- Measured: \(origin).",
      "- Simulated: \(describe(simulated, [simulatedSource])).",
      "- Chart: comparison-by-technique.svg (plain means, 95 % CI whiskers).", "",
      "GM is the geometric mean, exp of the mean ln time; the comparison is on log time, as the published "
        + "study analysed it: GM, sim/measured − 1 is the ratio of the geometric means. "
        + logTimeLegend, "",
      StudyComparison.markdown(rows),
      ExtremeOutliers(simulated).markdown(title: "Extreme outliers of the simulation"),
    ]
    files.append(ReportFile(name: "comparison.md", text: comparison.joined(separator: "\n")))
    files.append(ReportFile(name: "comparison-by-technique.svg", text: StudyComparison.chart(rows)))
    return files
  }

  /// A note on the logged trials not analysed (practice, disturbed), listing the
  /// disturbed ones by file and line; none when every trial is analysed.
  static func setAside(_ trials: [SourcedTrial]) -> [String] {
    let practice = trials.filter(\.record.practice).count
    let disturbed = trials.filter { $0.record.disturbed && !$0.record.practice }
    guard practice + disturbed.count > 0 else { return [] }
    var parts: [String] = []
    if practice > 0 { parts.append("\(practice) practice \(practice == 1 ? "trial" : "trials")") }
    if !disturbed.isEmpty {
      parts.append(
        "\(disturbed.count) \(disturbed.count == 1 ? "trial" : "trials") marked disturbed ("
          + disturbed.map { "\($0.file) line \($0.line)" }.joined(separator: ", ") + ")")
    }
    return ["Not analysed: " + parts.joined(separator: " and ") + "."]
  }

  /// How the log-time columns are worked out.
  static let logTimeLegend =
    "Its 95 % CI is exp(mean ± t · SD / √n) of ln time, t with n − 1 degrees of freedom; n counts the "
    + "committed trials and the intervals are over trials (a participant's trials are not independent, so "
    + "an analysis of participants' means would give wider ones). M (SD): the plain time. Success: of all trials."

  /// The section of `summary.md` on log time: every cell's n, GM [95 % CI], M (SD), success.
  static func logTime(_ records: [TrialRecord]) -> String {
    var lines = [
      "## Time, log-transformed", "",
      "GM is the geometric mean, exp of the mean ln time. " + logTimeLegend, "",
      "| Technique | RANGE | DISTANCE | n | GM [95 % CI] (s) | M (SD) (s) | Success |",
      "|---|---:|---|---:|---:|---:|---:|",
    ]
    for cell in ReportCell.cells(records) {
      lines.append("| " + (cell.columns + CellMeasures(cell, of: records).columns).joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// "N trials of P participants: FILE (n), …".
  static func describe(_ trials: [SourcedTrial], _ sources: [String]) -> String {
    let participants = Set(trials.map(\.record.participant)).count
    let files = sources.map { source in
      let file = TrialDirectories.file(in: source)
      return "\(file) (\(trials.filter { $0.file == file }.count))"
    }
    return "\(trials.count) trials of \(participants) participant(s): " + files.joined(separator: ", ")
  }
}

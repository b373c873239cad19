import Foundation

/// Writes a study's files into a directory.
///
/// `trials.csv` holds every record; the summaries (`summary.md`, `summary.csv`) and the
/// charts (`time-by-range.svg`, `time-by-distance.svg`, `success-by-distance.svg`) are
/// computed from the same records in memory (`StudySummary` reads nothing but the
/// records, so `trials.csv` read back gives the same numbers; a test keeps it so).
/// `participants.csv` lists each participant's user model.
public enum StudyOutput {
  /// Writes everything; returns the summary cells.
  @discardableResult
  public static func write(
    _ result: StudyResult, to directory: String, notes: [String] = [], targets: TargetTable? = nil
  ) throws -> [SummaryCell] {
    let url = URL(fileURLWithPath: directory, isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let trialsURL = url.appendingPathComponent("trials.csv")
    try TrialCSV.text(result.records).write(to: trialsURL, atomically: true, encoding: .utf8)
    let cells = StudySummary.cells(result.records)
    try StudyReport.markdown(cells, notes: notes, targets: targets).write(
      to: url.appendingPathComponent("summary.md"), atomically: true, encoding: .utf8)
    try StudySummary.csv(cells).write(to: url.appendingPathComponent("summary.csv"), atomically: true, encoding: .utf8)
    try SVGChart.time(cells, factor: "range").write(
      to: url.appendingPathComponent("time-by-range.svg"), atomically: true, encoding: .utf8)
    try SVGChart.time(cells, factor: "distance").write(
      to: url.appendingPathComponent("time-by-distance.svg"), atomically: true, encoding: .utf8)
    try SVGChart.success(cells, factor: "distance").write(
      to: url.appendingPathComponent("success-by-distance.svg"), atomically: true, encoding: .utf8)
    try participantsCSV(result.profiles).write(
      to: url.appendingPathComponent("participants.csv"), atomically: true, encoding: .utf8)
    return cells
  }

  /// One line per participant: its user-model constants.
  public static func participantsCSV(_ profiles: [UserProfile]) -> String {
    guard let first = profiles.first else { return "participant\n" }
    var text = "participant," + first.fields.map(\.0).joined(separator: ",") + "\n"
    for (index, profile) in profiles.enumerated() {
      text += "\(index + 1)," + profile.fields.map { StudySummary.fixed($0.1, 4) }.joined(separator: ",") + "\n"
    }
    return text
  }
}

import Foundation

/// Writes the training design's files into a directory: `sessions.csv` (the summary
/// cells, one a technique and session), `session-trials.csv` (every session trial in
/// `trials.csv`'s format, `block` being the session), `sessions.md`, the learning curve
/// `time-by-session.svg` and `success-by-session.svg`, and the final test's study files
/// in `final/` (as `sim study` writes them).
public enum TrainingOutput {
  /// Writes everything; returns the session cells and the final test's cells.
  @discardableResult
  public static func write(
    _ result: TrainingResult, to directory: String, notes: [String] = [], targets: TargetTable? = nil
  ) throws -> (sessions: [SummaryCell], final: [SummaryCell]) {
    let url = URL(fileURLWithPath: directory, isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let final = try StudyOutput.write(
      result.final, to: url.appendingPathComponent("final").path, notes: notes, targets: targets)
    let cells = result.sessionCells
    let files = [
      ("sessions.csv", StudySummary.csv(cells)),
      ("session-trials.csv", TrialCSV.text(result.sessions)),
      ("sessions.md", markdown(cells, final: final, notes: notes)),
      ("time-by-session.svg", SVGChart.time(cells, factor: "session")),
      ("success-by-session.svg", SVGChart.success(cells, factor: "session")),
    ]
    for (name, text) in files {
      try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return (cells, final)
  }

  /// The learning curve as a table (a row a technique and session), then the final test.
  public static func markdown(_ sessions: [SummaryCell], final: [SummaryCell], notes: [String] = []) -> String {
    var lines = ["# Training sessions", ""] + notes.flatMap { [$0, ""] }
    lines += [
      "| Technique | Session | Trials | Time (s) M (SD) | Crossings M (SD) | Success | Time-outs |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for c in sessions {
      lines.append("| \(c.technique) | \(c.level) | " + StudyReport.measures(c))
    }
    lines += ["", "## Final test (Study 1's tasks, after the training)", "", StudyReport.overall(final)]
    return lines.joined(separator: "\n") + "\n"
  }
}

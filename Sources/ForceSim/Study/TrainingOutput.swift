import ForceEngine
import Foundation

/// Writes the training design's files into a directory: `sessions.csv` (the summary
/// cells, one a technique and session), `session-trials.csv` (every session trial in
/// `trials.csv`'s format, `block` being the session), `strategies.csv` (each
/// participant's review of each session, `StrategyLearning`), `sessions.md`, the learning curve
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
      ("strategies.csv", strategiesCSV(result)),
      ("sessions.md", markdown(cells, final: final, strategy: strategyTable(result), notes: notes)),
      ("time-by-session.svg", SVGChart.time(cells, factor: "session")),
      ("success-by-session.svg", SVGChart.success(cells, factor: "session")),
    ]
    for (name, text) in files {
      try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return (cells, final)
  }

  /// The learning curve as a table (a row a technique and session), then the final test.
  public static func markdown(
    _ sessions: [SummaryCell], final: [SummaryCell], strategy: [String] = [], notes: [String] = []
  ) -> String {
    var lines = ["# Training sessions", ""] + notes.flatMap { [$0, ""] }
    lines += [
      "| Technique | Session | Trials | Time (s) M (SD) | Crossings M (SD) | Success | Time-outs |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for c in sessions {
      lines.append("| \(c.technique) | \(c.level) | " + StudyReport.measures(c))
    }
    if !strategy.isEmpty { lines += ["", "## What the participants chose", ""] + strategy }
    lines += ["", "## Final test (Study 1's tasks, after the training)", "", StudyReport.overall(final)]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The reviews in session order: the training's sessions numbered from 1.
  static func reviews(_ result: TrainingResult) -> [(participant: Int, session: Int, PracticeSession)] {
    result.reviews.flatMap { sessions in
      sessions.enumerated().compactMap { index, review in
        review.records.first.map { ($0.participant, index + 1, review) }
      }
    }
  }

  /// `strategies.csv`: a row a participant, technique and session: the choice tried,
  /// the comparison, whether it was kept, and the strategy after the review.
  public static func strategiesCSV(_ result: TrainingResult) -> String {
    let choices = Strategy.Choice.allCases
    var lines = [
      ([
        "participant", "technique", "session", "probed", "probe_successes", "current_successes", "probe_time_ms",
        "current_time_ms", "kept",
      ] + choices.map(\.name)).joined(separator: ",")
    ]
    for (participant, session, review) in reviews(result) {
      let technique = "\(review.records[0].technique.name)"
      let fields =
        [
          "\(participant)", technique, "\(session)", review.probed.name, "\(review.probeSuccesses)",
          "\(review.currentSuccesses)", "\(review.probeTimeMs)", "\(review.currentTimeMs)", review.kept ? "1" : "0",
        ]
        + choices.map { StudySummary.fixed(review.strategy[$0], 4) }
      lines.append(fields.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A table a technique and session: the choice tried, how many participants kept it,
  /// and the mean strategy after the review.
  public static func strategyTable(_ result: TrainingResult) -> [String] {
    let choices = Strategy.Choice.allCases
    var lines = [
      "| Technique | Session | Tried bolder | Kept | " + choices.map { "`\($0.name)`" }.joined(separator: " | ") + " |",
      "|---|---:|---|---:|" + String(repeating: "---:|", count: choices.count),
    ]
    let all = reviews(result)
    var techniques: [Technique] = []
    for (_, _, review) in all where !techniques.contains(review.records[0].technique) {
      techniques.append(review.records[0].technique)
    }
    for technique in techniques {
      for session in 1...TrainingDesign.sessions {
        let rows = all.filter { $0.session == session && $0.2.records[0].technique == technique }.map(\.2)
        guard let first = rows.first else { continue }
        let means = choices.map { choice in
          StudySummary.fixed(rows.map { $0.strategy[choice] }.reduce(0, +) / Double(rows.count), 2)
        }
        lines.append(
          "| \(technique.name) | \(session) | `\(first.probed.name)` | \(rows.filter(\.kept).count) of \(rows.count) | "
            + means.joined(separator: " | ") + " |")
      }
    }
    return lines
  }
}

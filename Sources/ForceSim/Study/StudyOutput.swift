import Foundation

/// Writes a study's files into a directory.
///
/// `trials.csv` holds every record; the summaries (`summary.md`, `summary.csv`) and the
/// charts (`time-by-range.svg`, `time-by-distance.svg`, `success-by-distance.svg`) are
/// computed from the same records in memory (`StudySummary` reads nothing but the
/// records, so `trials.csv` read back gives the same numbers; a test keeps it so).
/// `participants.csv` lists each participant's user model; after a whole session of
/// practice, `strategies.csv` each participant's strategy for each technique
/// (`Strategy`); through a sensor, `devices.csv` each participant's device and its
/// calibration.
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
    if result.config.practiceTrials >= TrainingDesign.tasks.count {
      try strategiesCSV(result).write(
        to: url.appendingPathComponent("strategies.csv"), atomically: true, encoding: .utf8)
    }
    if !result.devices.isEmpty {
      try devicesCSV(result.devices).write(
        to: url.appendingPathComponent("devices.csv"), atomically: true, encoding: .utf8)
    }
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

  /// One line per participant and technique: the strategy it brings to the technique.
  public static func strategiesCSV(_ result: StudyResult) -> String {
    let choices = Strategy.Choice.allCases
    var text = "participant,technique," + choices.map(\.name).joined(separator: ",") + "\n"
    for (index, strategies) in result.strategies.enumerated() {
      for (technique, strategy) in zip(result.config.techniques, strategies) {
        text +=
          "\(index + 1),\(technique.name)," + choices.map { StudySummary.fixed(strategy[$0], 4) }.joined(separator: ",")
          + "\n"
      }
    }
    return text
  }

  /// The header of `devices.csv`.
  public static let devicesHeader =
    "participant,sensor_seed,preload_left,preload_right,rest_left,rest_right,left_press,right_press,"
    + "left_medium,right_medium,left_offset,right_offset,left_gain,right_gain,"
    + "final_rest_left,final_rest_right,fault_frames,session_s"

  /// One line per participant's device: the model's preloads, what calibration measured
  /// and set, and the rest levels the engine had learned when the session ended.
  public static func devicesCSV(_ devices: [ParticipantDevice.Record]) -> String {
    var text = devicesHeader + "\n"
    for (index, d) in devices.enumerated() {
      let c = d.calibration
      text +=
        [
          String(index + 1), String(d.sensorSeed), StudySummary.fixed(d.preloadLeft, 1),
          StudySummary.fixed(d.preloadRight, 1), StudySummary.fixed(c.restLeft, 1), StudySummary.fixed(c.restRight, 1),
          StudySummary.fixed(c.leftPeak, 0), StudySummary.fixed(c.rightPeak, 0), StudySummary.fixed(c.leftMedium, 0),
          StudySummary.fixed(c.rightMedium, 0), String(c.leftOffset), String(c.rightOffset), String(c.leftGain),
          String(c.rightGain), String(d.finalRestLeft),
          String(d.finalRestRight), String(d.faultFrames), StudySummary.fixed(d.sessionMs / 1000, 1),
        ].joined(separator: ",") + "\n"
    }
    return text
  }
}

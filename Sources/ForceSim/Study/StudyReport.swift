/// The Markdown report of a study (`summary.md`), in the shape of the published
/// tables: per technique, Time M (SD) by RANGE and by DISTANCE, then Crossings and
/// Success the same way, after an overall table; with a target table, a last section
/// sets the simulated times against the targets, cell by cell.
public enum StudyReport {
  /// The report for `cells` (from `StudySummary.cells`), headed by `title` and `notes`.
  public static func markdown(
    _ cells: [SummaryCell], title: String = "Simulated study", notes: [String] = [], targets: TargetTable? = nil
  ) -> String {
    var lines = ["# \(title)", ""]
    for note in notes { lines.append("- \(note)") }
    if !notes.isEmpty { lines.append("") }
    let techniques = orderedTechniques(cells)

    lines.append("## Overall")
    lines.append("")
    lines.append(overall(cells))
    let measures: [(String, (SummaryCell) -> String)] = [
      ("Time (s), M (SD)", { seconds($0.time) }),
      ("Crossings, M (SD)", { plain($0.crossings) }),
      ("Success", { percent($0.successRate) }),
    ]
    for (name, format) in measures {
      for factor in ["range", "distance"] {
        let levels = orderedLevels(cells, factor: factor)
        lines.append("## \(name) by \(factor.uppercased())")
        lines.append("")
        lines.append("| Technique | " + levels.joined(separator: " | ") + " |")
        lines.append("|---|" + String(repeating: "---:|", count: levels.count))
        for technique in techniques {
          let row = levels.map { level in
            cells.first { $0.technique == technique && $0.factor == factor && $0.level == level }.map(format) ?? "–"
          }
          lines.append("| \(technique) | " + row.joined(separator: " | ") + " |")
        }
        lines.append("")
      }
    }
    if let targets {
      lines.append("## Simulated vs target")
      lines.append("")
      lines.append("Time of the committed trials against the target table; error = simulated / target − 1.")
      lines.append("")
      lines.append(TargetComparison.markdown(TargetComparison.compare(cells, with: targets)))
    }
    return lines.joined(separator: "\n")
  }

  /// The notes that name the sensor a study ran through (none for the ideal counts, so
  /// a study without a sensor writes what it always wrote): the profile, the board, and
  /// the calibrations the participants' devices got.
  public static func sensorNotes(_ result: StudyResult) -> [String] {
    let sensor = result.config.sensor
    guard !sensor.readsIdealCounts else { return [] }
    var note =
      "Sensor: \(sensor.profile.name) profile on the \(sensor.board.rawValue) board (Docs/sensor-model.md), "
      + "one device per participant seeded from the study seed, calibrated as forcectl calibrate does "
      + "(rest, firm left, firm right, medium left, medium right) before its first trial"
    let fits = result.devices.map(\.calibration)
    if !fits.isEmpty {
      let offsets = fits.flatMap { [$0.leftOffset, $0.rightOffset] }
      let gains = fits.flatMap { [$0.leftGain, $0.rightGain] }
      note += "; offsets \(offsets.min()!)–\(offsets.max()!), gains \(gains.min()!)–\(gains.max()!) (devices.csv)"
    }
    return [note + "."]
  }

  /// The overall table alone: one row per technique.
  public static func overall(_ cells: [SummaryCell]) -> String {
    var lines = [
      "| Technique | Trials | Time (s) M (SD) | Crossings M (SD) | Success | Time-outs |",
      "|---|---:|---:|---:|---:|---:|",
    ]
    for c in cells where c.factor == "all" {
      lines.append("| \(c.technique) | " + measures(c))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A cell's measures as the end of a table row: trials, time, crossings, success, time-outs.
  static func measures(_ c: SummaryCell) -> String {
    "\(c.trials) | \(seconds(c.time)) | \(plain(c.crossings)) | \(percent(c.successRate)) | \(c.timeouts) |"
  }

  static func orderedTechniques(_ cells: [SummaryCell]) -> [String] {
    var names: [String] = []
    for c in cells where !names.contains(c.technique) { names.append(c.technique) }
    return names
  }

  static func orderedLevels(_ cells: [SummaryCell], factor: String) -> [String] {
    var levels: [String] = []
    for c in cells where c.factor == factor && !levels.contains(c.level) { levels.append(c.level) }
    return levels
  }

  static func seconds(_ s: SampleStats) -> String {
    s.count == 0 ? "–" : "\(StudySummary.fixed(s.mean / 1000, 2)) (\(StudySummary.fixed(s.sd / 1000, 2)))"
  }

  static func plain(_ s: SampleStats) -> String {
    "\(StudySummary.fixed(s.mean, 2)) (\(StudySummary.fixed(s.sd, 2)))"
  }

  static func percent(_ rate: Double) -> String { "\(StudySummary.fixed(rate * 100, 1)) %" }
}

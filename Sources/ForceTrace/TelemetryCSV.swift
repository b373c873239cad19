import ForceEngine
import ForceHostCore
import ForceProtocol

/// The record CSV (Docs/csv-formats.md): output CSV columns without `events`, then the
/// cells' faults, one row per telemetry frame.
public enum TelemetryCSV {
  /// The header line (no newline).
  public static let header = String(describing: CSVText.recordHeader)

  /// One row (no newline).
  public static func row(_ t: Telemetry) -> String {
    var text = TextBuffer()
    CSVText.writeRecordRow(t, to: &text)
    return text.string
  }

  /// Writes one row and its newline to `file`, formatted straight into its block.
  public static func write(_ t: Telemetry, to file: OutputFile) throws(FileError) {
    try file.write { block in
      CSVText.writeRecordRow(t, to: &block)
      block.append(0x0A)
    }
  }

  /// The `faults` column: `ok` when neither cell has one, else as in a `fault` event
  /// (`right-railed`, `left-open+right-stuck`).
  public static func faultsText(_ faults: CellFaults) -> String {
    faults == .none ? "ok" : OutputCSV.faultText(faults)
  }

  /// One JSON object (no newline); `cells` names each cell's fault (`ok` for none).
  public static func json(_ t: Telemetry) -> String {
    "{\"frame\":\(t.frame),\"left\":\(t.left),\"right\":\(t.right),\"force\":\(t.force),\"state\":\"\(t.state.name)\",\"direction\":\"\(t.direction.name)\",\"position\":\(OutputCSV.formatMilli(t.positionMilli)),\"value\":\(t.value),\"cells\":{\"left\":\"\(t.faults.left.name)\",\"right\":\"\(t.faults.right.name)\"}}"
  }
}

import ForceEngine
import ForceHostCore

/// Writes the output CSV (Docs/csv-formats.md), one row per frame.
///
/// The same writer serves `sim run` and the device replay, so the two agree byte for
/// byte whenever the device reports the same `FrameOutput`s.
public enum OutputCSV {
  /// Header plus one row per frame, each ending in a newline: what `sim run` writes,
  /// and what a device's replies to injected frames are written as, so the two
  /// compare byte for byte.
  /// `unitsPerItem` is the engine's (`ForceEngine.unitsPerItem`), the unit of each
  /// output's `fraction`.
  public static func text(frames: [RawFrame], outputs: [FrameOutput], unitsPerItem: Int32) -> String {
    var text = TextBuffer()
    text.write(CSVText.outputHeader)
    text.append(0x0A)
    for (index, (frame, output)) in zip(frames, outputs).enumerated() {
      CSVText.writeOutputRow(
        frame: index, left: frame.left, right: frame.right, output: output, unitsPerItem: unitsPerItem, to: &text)
      text.append(0x0A)
    }
    return text.string
  }

  /// Writes one row and its newline to `file`, formatted straight into its block:
  /// `row(frame:left:right:output:unitsPerItem:)` + "\n", at the speed of the bytes.
  public static func write(
    frame: Int, left: UInt16, right: UInt16, output: FrameOutput, unitsPerItem: Int32, to file: OutputFile
  ) throws(FileError) {
    try file.write { block in
      CSVText.writeOutputRow(
        frame: frame, left: left, right: right, output: output, unitsPerItem: unitsPerItem, to: &block)
      block.append(0x0A)
    }
  }

  /// The header line (no newline).
  public static let header = String(describing: CSVText.outputHeader)

  /// One row (no newline) for frame number `frame` (0-based), the engine's `unitsPerItem`.
  public static func row(frame: Int, left: UInt16, right: UInt16, output: FrameOutput, unitsPerItem: Int32) -> String {
    var text = TextBuffer()
    CSVText.writeOutputRow(
      frame: frame, left: left, right: right, output: output, unitsPerItem: unitsPerItem, to: &text)
    return text.string
  }

  /// Thousandths as a decimal with three places: -250 → "-0.250".
  public static func formatMilli(_ milli: Int32) -> String {
    var text = TextBuffer()
    CSVText.writeMilli(milli, to: &text)
    return text.string
  }

  /// The cells' faults as in a `fault` event: `left-open`, `left-open+right-stuck`, or
  /// `clear` when neither cell has one (Docs/sensor-faults.md).
  public static func faultText(_ faults: CellFaults) -> String {
    var text = TextBuffer()
    CSVText.writeFaults(faults, none: "clear", to: &text)
    return text.string
  }

  /// The event tokens (Docs/value-model.md) of a frame's events, joined by `;`.
  public static func eventTokens(_ events: EngineEvents) -> String {
    var text = TextBuffer()
    CSVText.writeEventTokens(events, to: &text)
    return text.string
  }
}

import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTrace

/// One line of monitor output for a telemetry frame: both cells as bars, force
/// against the rest/boost markers, state, direction, value.
public enum MonitorLine {
  /// A bar of `width` cells for `level` of 0…1023.
  public static func bar(_ level: Int, width: Int) -> String {
    let filled = max(0, min(width, (level * width + 511) / 1023))
    return String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
  }

  /// The force bar with `|` at the rest and boost thresholds.
  public static func forceBar(_ force: Int, thresholds: PlotThresholds, width: Int) -> String {
    var cells = Array(bar(force, width: width))
    for level in [thresholds.rest, thresholds.boost] {
      let index = min(width - 1, max(0, level * width / 1023))
      cells[index] = "|"
    }
    return String(cells)
  }

  public static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }

  public static func padRight(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  /// "  1234 L [####......] 412 R [##........] 201 F [#####|####...|..] 613 scrolling up   value 12 (12.345)",
  /// and while a cell has a fault "  fault: right cell railed (shorted to the supply?): the picker holds…".
  public static func render(_ t: Telemetry, thresholds: PlotThresholds) -> String {
    "\(pad(String(t.frame), 5)) L [\(bar(Int(t.left), width: 10))] \(pad(String(t.left), 4))"
      + " R [\(bar(Int(t.right), width: 10))] \(pad(String(t.right), 4))"
      + " F [\(forceBar(Int(t.force), thresholds: thresholds, width: 20))] \(pad(String(t.force), 4))"
      + " \(padRight(String(describing: t.state.name), 9)) \(padRight(String(describing: t.direction.name), 4))"
      + " value \(pad(String(t.value), 4)) (\(OutputCSV.formatMilli(t.positionMilli)))"
      + (t.faults.warning.map { "  fault: \($0)" } ?? "")
  }
}

import ForceEngine

/// Writes the output CSV (Docs/csv-formats.md), one row per frame.
///
/// The same writer serves `sim run` and the device replay, so the two agree byte for
/// byte whenever the device reports the same `FrameOutput`s.
public enum OutputCSV {
  /// Header plus one row per frame, each ending in a newline: what `sim run` writes,
  /// and what a device's replies to injected frames are written as, so the two
  /// compare byte for byte.
  public static func text(frames: [RawFrame], outputs: [FrameOutput]) -> String {
    var text = header + "\n"
    for (index, (frame, output)) in zip(frames, outputs).enumerated() {
      text += row(frame: index, left: frame.left, right: frame.right, output: output) + "\n"
    }
    return text
  }

  /// The header line (no newline).
  public static let header = "frame,left,right,force,state,direction,position,value,events"

  /// One row (no newline) for frame number `frame` (0-based).
  public static func row(frame: Int, left: UInt16, right: UInt16, output: FrameOutput) -> String {
    let position = formatMilli(output.positionMilli)
    let state = String(describing: output.state.name)
    let direction = String(describing: output.direction.name)
    return
      "\(frame),\(left),\(right),\(output.force),\(state),\(direction),\(position),\(output.value),\(eventTokens(output.events))"
  }

  /// Thousandths as a decimal with three places: -250 → "-0.250".
  public static func formatMilli(_ milli: Int32) -> String {
    let magnitude = Int(milli.magnitude)
    let whole = magnitude / 1000
    let part = magnitude % 1000
    let digits = part < 10 ? "00\(part)" : (part < 100 ? "0\(part)" : "\(part)")
    return (milli < 0 ? "-" : "") + "\(whole).\(digits)"
  }

  /// The cells' faults as in a `fault` event: `left-open`, `left-open+right-stuck`, or
  /// `clear` when neither cell has one (Docs/sensor-faults.md).
  public static func faultText(_ faults: CellFaults) -> String {
    var parts: [String] = []
    if faults.left != .none { parts.append("left-\(faults.left.name)") }
    if faults.right != .none { parts.append("right-\(faults.right.name)") }
    return parts.isEmpty ? "clear" : parts.joined(separator: "+")
  }

  /// The event tokens (Docs/value-model.md) of a frame's events, joined by `;`.
  public static func eventTokens(_ events: EngineEvents) -> String {
    var tokens: [String] = []
    for index in 0..<EngineEvents.Kind.count {
      let kind = EngineEvents.Kind.at(index)
      guard events.contains(kind) else { continue }
      switch kind {
      case .touchDown: tokens.append("touch-down:\(events.velocity)")
      case .activate: tokens.append("activate")
      case .direction: tokens.append("direction:\(events.direction.name)")
      case .boost: tokens.append(events.boostOn ? "boost:on" : "boost:off")
      case .pulse: tokens.append("pulse")
      case .reverse: tokens.append("reverse")
      case .value: tokens.append("value:\(events.value)")
      case .commit: tokens.append("commit:\(events.value)")
      case .release: tokens.append("release")
      case .fault: tokens.append("fault:\(faultText(events.faults))")
      }
    }
    return tokens.joined(separator: ";")
  }
}

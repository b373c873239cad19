import ForceEngine
import ForceProtocol

/// The texts of the output and record CSVs (Docs/csv-formats.md): rows, positions,
/// the cells' faults and the event tokens. `OutputCSV` and `TelemetryCSV` (ForceTrace)
/// and the page's recorder and event line (ForceWasm) all write through here.
public enum CSVText {
  /// The output CSV's header (no newline).
  public static let outputHeader: StaticString = "frame,left,right,force,state,direction,position,value,events"
  /// The record CSV's header (no newline).
  public static let recordHeader: StaticString = "frame,left,right,force,state,direction,position,value,faults"

  /// One output CSV row (no newline) for frame number `frame` (0-based); `unitsPerItem`
  /// is the engine's (`ForceEngine.unitsPerItem`), the unit of `output.fraction`.
  @inlinable
  public static func writeOutputRow<Sink: TextSink>(
    frame: Int, left: UInt16, right: UInt16, output: FrameOutput, unitsPerItem: Int32, to sink: inout Sink
  ) {
    writeCommon(
      frame: frame, left: left, right: right, force: Int(output.force), state: output.state,
      direction: output.direction, positionMilli: output.positionMilli(unitsPerItem: unitsPerItem),
      value: output.value, to: &sink)
    writeEventTokens(output.events, to: &sink)
  }

  /// One record CSV row (no newline): the output columns without `events`, then `faults`.
  @inlinable
  public static func writeRecordRow<Sink: TextSink>(_ t: Telemetry, to sink: inout Sink) {
    writeCommon(
      frame: Int(t.frame), left: t.left, right: t.right, force: Int(t.force), state: t.state,
      direction: t.direction, positionMilli: t.positionMilli, value: t.value, to: &sink)
    writeFaults(t.faults, none: "ok", to: &sink)
  }

  @inlinable
  static func writeCommon<Sink: TextSink>(
    frame: Int, left: UInt16, right: UInt16, force: Int, state: EngineState, direction: Direction,
    positionMilli: Int32, value: Int32, to sink: inout Sink
  ) {
    sink.write(frame)
    sink.append(UInt8(ascii: ","))
    sink.write(Int(left))
    sink.append(UInt8(ascii: ","))
    sink.write(Int(right))
    sink.append(UInt8(ascii: ","))
    sink.write(force)
    sink.append(UInt8(ascii: ","))
    sink.write(state.name)
    sink.append(UInt8(ascii: ","))
    sink.write(direction.name)
    sink.append(UInt8(ascii: ","))
    writeMilli(positionMilli, to: &sink)
    sink.append(UInt8(ascii: ","))
    sink.write(value)
    sink.append(UInt8(ascii: ","))
  }

  /// Thousandths as a decimal with three places: -250 → "-0.250".
  @inlinable
  public static func writeMilli<Sink: TextSink>(_ milli: Int32, to sink: inout Sink) {
    let magnitude = Int(milli.magnitude)
    if milli < 0 { sink.append(UInt8(ascii: "-")) }
    sink.write(magnitude / 1000)
    sink.append(UInt8(ascii: "."))
    let part = magnitude % 1000
    sink.append(UInt8(ascii: "0") &+ UInt8(part / 100))
    sink.append(UInt8(ascii: "0") &+ UInt8(part / 10 % 10))
    sink.append(UInt8(ascii: "0") &+ UInt8(part % 10))
  }

  /// The cells' faults as in a `fault` event: `left-open`, `left-open+right-stuck`, or
  /// `none` (`clear` in an event, `ok` in the record CSV) when neither cell has one
  /// (Docs/sensor-faults.md).
  @inlinable
  public static func writeFaults<Sink: TextSink>(_ faults: CellFaults, none: StaticString, to sink: inout Sink) {
    if faults.left == .none && faults.right == .none { return sink.write(none) }
    if faults.left != .none {
      sink.write("left-")
      sink.write(faults.left.name)
    }
    if faults.right != .none {
      if faults.left != .none { sink.append(UInt8(ascii: "+")) }
      sink.write("right-")
      sink.write(faults.right.name)
    }
  }

  /// The event tokens (Docs/value-model.md) of a frame's events, joined by `;`.
  @inlinable
  public static func writeEventTokens<Sink: TextSink>(_ events: EngineEvents, to sink: inout Sink) {
    if events.isEmpty { return }  // most frames: no kind to look through
    var first = true
    for index in 0..<EngineEvents.Kind.count {
      let kind = EngineEvents.Kind.at(index)
      guard events.contains(kind) else { continue }
      if !first { sink.append(UInt8(ascii: ";")) }
      first = false
      switch kind {
      case .touchDown:
        sink.write("touch-down:")
        sink.write(Int(events.velocity))
      case .activate: sink.write("activate")
      case .direction:
        sink.write("direction:")
        sink.write(events.direction.name)
      case .boost: sink.write(events.boostOn ? "boost:on" : "boost:off")
      case .pulse: sink.write("pulse")
      case .reverse: sink.write("reverse")
      case .value:
        sink.write("value:")
        sink.write(events.value)
      case .commit:
        sink.write("commit:")
        sink.write(events.value)
      case .release: sink.write("release")
      case .fault:
        sink.write("fault:")
        writeFaults(events.faults, none: "clear", to: &sink)
      }
    }
  }
}

import ForceEngine
import ForceFirmware

/// What a USB HID host should receive for one run, read from that run's output CSV
/// (`sim run`'s columns: the events column's `value:V`, `commit:V` and `fault:…`)
/// as Docs/usb.md describes each `hid_mode`: the tests' own reading of the document,
/// not the firmware's code.
public struct HIDExpectation {
  /// The value steps and commits in order: +1 a step up, -1 a step down, 0 a commit.
  public var steps: [Int] = []
  /// The values shown: the first frame's, then each `value` event's.
  public var values: [Int32] = []
  /// `fault` events.
  public var faults = 0
  /// Each frame's position in eighths of an item, rounded down: the units of a wheel
  /// whose resolution multiplier (8) the host turned on.
  public var eighths: [Int] = []

  /// Reads `csv` (a header naming `value` and `events`). With `wraps`, a move across
  /// the end of `range` is the one step it took, not a run across the whole range.
  public init(outputCSV csv: String, range: ClosedRange<Int32>, wraps: Bool) {
    let lines = csv.split(whereSeparator: \.isNewline)
    guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false),
      let valueColumn = header.firstIndex(of: "value"), let eventsColumn = header.firstIndex(of: "events"),
      let positionColumn = header.firstIndex(of: "position")
    else { return }
    let items = Int(range.upperBound - range.lowerBound) + 1
    var last: Int32?
    for line in lines.dropFirst() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      guard fields.count > max(valueColumn, eventsColumn, positionColumn), let value = Int32(fields[valueColumn]),
        let position = Double(fields[positionColumn])
      else { continue }
      if last == nil { values.append(value) }
      // Three decimals: the position in thousandths is exact; an eighth is 125 of them.
      let milli = Int((position * 1000).rounded())
      eighths.append(milli >= 0 ? milli / 125 : -((124 - milli) / 125))
      for event in fields[eventsColumn].split(separator: ";") {
        if event.hasPrefix("value:"), let shown = Int32(event.dropFirst(6)), let previous = last {
          var delta = Int(shown - previous)
          if wraps && delta > items / 2 { delta -= items }
          if wraps && delta < -(items / 2) { delta += items }
          steps += Array(repeating: delta > 0 ? 1 : -1, count: abs(delta))
          values.append(shown)
        } else if event.hasPrefix("commit:") {
          steps.append(0)
        } else if event.hasPrefix("fault:") {
          faults += 1
        }
      }
      last = value
    }
  }

  /// Where the axis report puts `value` (Docs/usb.md): 0 at range_min, 32 767 at range_max.
  public static func axis(_ value: Int32, range: ClosedRange<Int32>) -> UInt16 {
    let span = Int64(range.upperBound - range.lowerBound)
    guard span > 0 else { return 0 }
    let scale = (32767 << 15 + span - 1) / span
    return UInt16(min(32767, (Int64(value - range.lowerBound) * scale) >> 15))
  }

  /// What is wrong with `reports`, received in `mode` with `keys` (up, down, commit),
  /// against this run: empty when every step arrived once, in order, and nothing stuck.
  public func problems(
    _ reports: [HIDInput], mode: HIDMode, keys: (up: UInt8, down: UInt8, commit: UInt8),
    range: ClosedRange<Int32>, wheelUnitsPerDetent: Int = 1
  ) -> [String] {
    var problems: [String] = []
    func expect(_ ok: Bool, _ text: @autoclosure () -> String) { if !ok { problems.append(text()) } }
    switch mode {
    case .off:
      expect(reports.isEmpty, "\(reports.count) reports in mode off")
    case .keyboard:
      let wanted = steps.compactMap { $0 > 0 ? keys.up : $0 < 0 ? keys.down : keys.commit == 0 ? nil : keys.commit }
      problems += buttonProblems(reports, wanted: wanted, name: "key") {
        if case .key(let code) = $0 { code } else { nil }
      }
    case .wheel:
      var units: [Int] = []
      for report in reports {
        guard case .wheel(let count) = report, count != 0 else { return ["not a wheel report of detents: \(report)"] }
        units.append(Int(count))
      }
      if wheelUnitsPerDetent == 8 {
        // Each frame's move in eighths, in the report after it (the host polls more
        // often than the frames come).
        let wanted = zip(eighths.dropFirst(), eighths).map { $0 - $1 }.filter { $0 != 0 }
        expect(
          units == wanted,
          "units \(units.prefix(8)), wanted \(wanted.prefix(8)); first difference at \(Self.firstDifference(units, wanted))"
        )
        break
      }
      let detents = units.flatMap { Array(repeating: $0 > 0 ? 1 : -1, count: abs($0)) }
      let wanted = steps.filter { $0 != 0 }
      expect(
        detents == wanted,
        "\(detents.count) detents, \(wanted.count) wanted; first difference at \(Self.firstDifference(detents, wanted))"
      )
    case .consumer:
      // Bit 0 Volume Increment (a step up), bit 1 Volume Decrement (a step down).
      let wanted = steps.filter { $0 != 0 }.map { UInt8($0 > 0 ? 1 : 2) }
      problems += buttonProblems(reports, wanted: wanted, name: "volume button") {
        if case .consumer(let bits) = $0, bits <= 2 { bits } else { nil }
      }
    case .axis:
      var positions: [UInt16] = []
      for report in reports {
        guard case .axis(let position) = report else { return ["not an axis report: \(report)"] }
        positions.append(position)
      }
      let wanted = values.map { Self.axis($0, range: range) }
      expect(
        positions == wanted,
        "axis \(positions.prefix(8)), wanted \(wanted.prefix(8)); first difference at \(Self.firstDifference(positions, wanted))"
      )
    }
    return problems
  }

  /// The problems of a button report stream (keyboard, consumer): each press (a
  /// nonzero `button` value) is the next of `wanted`, released (0) before the next
  /// press, nothing left pressed, and one release more for each fault.
  func buttonProblems(
    _ reports: [HIDInput], wanted: [UInt8], name: String, button: (HIDInput) -> UInt8?
  ) -> [String] {
    var problems: [String] = []
    func expect(_ ok: Bool, _ text: @autoclosure () -> String) { if !ok { problems.append(text()) } }
    var pressed: [UInt8] = []
    var releases = 0
    var down = false
    for report in reports {
      guard let value = button(report) else { return ["not a \(name) report: \(report)"] }
      if value == 0 {
        releases += 1
        down = false
      } else {
        expect(!down, "\(name) \(value) pressed before the last one was released")
        pressed.append(value)
        down = true
      }
    }
    expect(
      pressed == wanted,
      "\(name)s \(pressed.count) pressed, \(wanted.count) wanted; first difference at \(Self.firstDifference(pressed, wanted))"
    )
    expect(!down, "a \(name) is left pressed")
    expect(releases == pressed.count + faults, "\(releases) releases for \(pressed.count) presses and \(faults) faults")
    return problems
  }

  static func firstDifference<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
    (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
  }
}

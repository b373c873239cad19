import ForceEngine
import Foundation

/// A force/value trace to plot: from an output CSV, a `record` CSV, or the
/// outputs of an injection run.
public struct PlotData: Equatable, Sendable {
  /// One event to mark.
  public struct Mark: Equatable, Sendable {
    /// Index of the sample it belongs to.
    public var index: Int
    /// The event token, e.g. "commit:42".
    public var token: String
  }

  /// Time of each sample, seconds.
  public var seconds: [Double] = []
  /// Force, 0…1023.
  public var force: [Int] = []
  /// Shown value.
  public var value: [Int] = []
  /// Events (empty for a record CSV, which has none).
  public var marks: [Mark] = []

  public init() {}

  /// Parses a CSV with a header holding at least `force` and `value`; time from `t_ms`
  /// if present, else `frame` (unwrapped past 65535) at `sampleRateHz`, else the row.
  public static func parse(csv text: String, sampleRateHz: Int = 200) throws(TraceError) -> PlotData {
    var lines = text.split(whereSeparator: \.isNewline).map(String.init)
    guard !lines.isEmpty else { throw TraceError(line: 0, "the CSV is empty") }
    let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    func column(_ name: String) -> Int? { header.firstIndex(of: name) }
    guard let forceColumn = column("force"), let valueColumn = column("value") else {
      throw TraceError(line: 1, "expected a header with force and value columns (a `sim run`, replay or `record` CSV)")
    }
    let frameColumn = column("frame")
    let timeColumn = column("t_ms")
    let eventsColumn = column("events")
    var data = PlotData()
    var frameBase = 0
    var lastFrame: Int?
    for (offset, line) in lines.enumerated() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      let number = offset + 2
      guard fields.count >= header.count else { throw TraceError(line: number, "expected \(header.count) fields") }
      guard let force = Int(fields[forceColumn]), let value = Int(fields[valueColumn]) else {
        throw TraceError(line: number, "force and value must be integers")
      }
      let time: Double
      if let timeColumn, let ms = Double(fields[timeColumn]) {
        time = ms / 1000
      } else if let frameColumn, let frame = Int(fields[frameColumn]) {
        if let lastFrame, frame < lastFrame, lastFrame - frame > 32768 { frameBase += 65536 }
        lastFrame = frame
        time = Double(frameBase + frame) / Double(sampleRateHz)
      } else {
        time = Double(offset) / Double(sampleRateHz)
      }
      data.seconds.append(time)
      data.force.append(force)
      data.value.append(value)
      if let eventsColumn, !fields[eventsColumn].isEmpty {
        for token in fields[eventsColumn].split(separator: ";") {
          data.marks.append(Mark(index: data.force.count - 1, token: String(token)))
        }
      }
    }
    guard !data.force.isEmpty else { throw TraceError(line: 0, "the CSV has a header but no rows") }
    return data
  }

  /// From an injection run (frame i at i / rate seconds).
  public static func from(outputs: [FrameOutput], sampleRateHz: Int = 200) -> PlotData {
    var data = PlotData()
    for (index, output) in outputs.enumerated() {
      data.seconds.append(Double(index) / Double(sampleRateHz))
      data.force.append(Int(output.force))
      data.value.append(Int(output.value))
      let tokens = OutputCSV.eventTokens(output.events)
      if !tokens.isEmpty {
        for token in tokens.split(separator: ";") { data.marks.append(Mark(index: index, token: String(token))) }
      }
    }
    return data
  }
}

/// The thresholds drawn as dashed lines.
public struct PlotThresholds: Equatable, Sendable {
  public var contact: Int
  public var rest: Int
  public var boost: Int

  public init(contact: Int, rest: Int, boost: Int) {
    self.contact = contact
    self.rest = rest
    self.boost = boost
  }

  public init(_ parameters: Parameters) {
    self.init(
      contact: Int(parameters[.contactThreshold]), rest: Int(parameters[.restThreshold]),
      boost: Int(parameters[.boostThreshold]))
  }
}

import ForceEngine
import Foundation

/// A force/value trace to plot: from an output CSV, a `record` CSV, or the
/// outputs of an injection run.
///
/// It holds at most a few tens of thousands of samples however long the trace: when it
/// grows past `capacity`, it keeps, for each of `buckets` equal slices of the time so
/// far, the first and last sample and those with the lowest and highest force and
/// value, and the samples that carry a shown event. A figure is 824 pixels wide, so
/// what it can show is kept, spikes included.
public struct PlotData: Equatable, Sendable {
  /// One event to mark.
  public struct Mark: Equatable, Sendable {
    /// Index of the sample it belongs to.
    public var index: Int
    /// The event token, e.g. "commit:42".
    public var token: String
  }

  /// Samples kept before thinning.
  static let capacity = 16_384
  /// Time slices a thinning keeps samples for.
  static let buckets = 2_048

  /// Time of each sample, seconds.
  public var seconds: [Double] = []
  /// Force, 0…1023.
  public var force: [Int] = []
  /// Shown value.
  public var value: [Int] = []
  /// Events (for a record CSV, which has no `events` column: `fault:` where its
  /// `faults` column changes). `value:` ticks are not kept: the value line shows them.
  public var marks: [Mark] = []

  public init() {}

  /// Adds one sample and its event tokens, thinning when full.
  public mutating func append(seconds time: Double, force: Int, value: Int, events: some StringProtocol) {
    seconds.append(time)
    self.force.append(force)
    self.value.append(value)
    if !events.isEmpty {
      for token in events.split(separator: ";") where !token.hasPrefix("value:") {
        marks.append(Mark(index: self.force.count - 1, token: String(token)))
      }
    }
    if self.force.count > Self.capacity { thin() }
  }

  /// Keeps per time slice the first, last, lowest and highest samples (force and value),
  /// and one commit and one other event.
  mutating func thin() {
    let t0 = seconds[0]
    let span = max(seconds[seconds.count - 1] - t0, 1e-9)
    func bucket(_ index: Int) -> Int { min(Self.buckets - 1, Int((seconds[index] - t0) / span * Double(Self.buckets))) }
    var keep = [Bool](repeating: false, count: force.count)
    var start = 0
    while start < force.count {
      let current = bucket(start)
      var end = start
      var (lowF, highF, lowV, highV) = (start, start, start, start)
      while end + 1 < force.count && bucket(end + 1) == current {
        end += 1
        if force[end] < force[lowF] { lowF = end }
        if force[end] > force[highF] { highF = end }
        if value[end] < value[lowV] { lowV = end }
        if value[end] > value[highV] { highV = end }
      }
      for index in [start, end, lowF, highF, lowV, highV] { keep[index] = true }
      start = end + 1
    }
    var keptMarks: [Mark] = []
    var lastKind: [Bool: Int] = [:]
    for mark in marks {
      let isCommit = mark.token.hasPrefix("commit:")
      let slice = bucket(mark.index)
      if lastKind[isCommit] == slice { continue }
      lastKind[isCommit] = slice
      keep[mark.index] = true
      keptMarks.append(mark)
    }
    var newIndex = [Int](repeating: -1, count: force.count)
    var (keptSeconds, keptForce, keptValue) = ([Double](), [Int](), [Int]())
    for index in 0..<force.count where keep[index] {
      newIndex[index] = keptForce.count
      keptSeconds.append(seconds[index])
      keptForce.append(force[index])
      keptValue.append(value[index])
    }
    (seconds, force, value) = (keptSeconds, keptForce, keptValue)
    marks = keptMarks.map { Mark(index: newIndex[$0.index], token: $0.token) }
  }

  /// Parses a CSV with a header holding at least `force` and `value`; time from `t_ms`
  /// if present, else `frame` (unwrapped past 65535) at `sampleRateHz`, else the row.
  /// Events from `events`, and for a record CSV from where its `faults` changes.
  public static func parse(csv text: String, sampleRateHz: Int = 200) throws(TraceError) -> PlotData {
    var reader = Reader(sampleRateHz: sampleRateHz)
    for (index, line) in TextInput.lines(text).enumerated() { try reader.feed(line, number: index + 1) }
    return try reader.finish()
  }

  /// Reads the CSV at `path` (`-` for standard input) line by line, in bounded memory.
  public static func read(_ path: String, sampleRateHz: Int = 200) throws -> PlotData {
    let lines = try LineReader(path)
    var reader = Reader(sampleRateHz: sampleRateHz)
    while let line = try lines.next() { try reader.feed(line, number: lines.lineNumber) }
    return try reader.finish()
  }

  /// From an injection run (frame i at i / rate seconds).
  public static func from(outputs: [FrameOutput], sampleRateHz: Int = 200) -> PlotData {
    var data = PlotData()
    for (index, output) in outputs.enumerated() {
      data.append(
        seconds: Double(index) / Double(sampleRateHz), force: Int(output.force), value: Int(output.value),
        events: OutputCSV.eventTokens(output.events))
    }
    return data
  }

  /// The CSV's lines in, samples out.
  struct Reader {
    let sampleRateHz: Int
    var data = PlotData()
    var columns: (force: Int, value: Int, frame: Int?, time: Int?, events: Int?, faults: Int?, count: Int)?
    /// The previous row's `faults` (a record CSV's column; older ones have none).
    var lastFaults = "ok"
    var frameBase = 0
    var lastFrame: Int?
    var rows = 0

    init(sampleRateHz: Int) { self.sampleRateHz = sampleRateHz }

    mutating func feed(_ line: some StringProtocol, number: Int) throws(TraceError) {
      // Bytes, not characters: a character that is a space or a tab is one such byte.
      if line.utf8.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
      let cells = CSVFields(line)
      let fields = cells.texts
      guard let columns else {
        guard let force = fields.firstIndex(of: "force"), let value = fields.firstIndex(of: "value") else {
          throw TraceError(
            line: number, "expected a header with force and value columns (a `sim run`, replay or `record` CSV)")
        }
        columns = (
          force, value, fields.firstIndex(of: "frame"), fields.firstIndex(of: "t_ms"), fields.firstIndex(of: "events"),
          fields.firstIndex(of: "faults"), fields.count
        )
        return
      }
      guard fields.count >= columns.count else {
        throw TraceError(line: number, "expected \(columns.count) fields, found \(fields.count)")
      }
      guard let force = Int(fields[columns.force]) else {
        throw TraceError(
          line: number, column: cells.columns[columns.force],
          "force: \(TextInput.quoted(fields[columns.force])) is not a whole number")
      }
      guard let value = Int(fields[columns.value]) else {
        throw TraceError(
          line: number, column: cells.columns[columns.value],
          "value: \(TextInput.quoted(fields[columns.value])) is not a whole number")
      }
      let time: Double
      if let column = columns.time, let ms = Double(fields[column]) {
        time = ms / 1000
      } else if let column = columns.frame, let frame = Int(fields[column]) {
        if let lastFrame, frame < lastFrame, lastFrame - frame > 32768 { frameBase += 65536 }
        lastFrame = frame
        time = Double(frameBase + frame) / Double(sampleRateHz)
      } else {
        time = Double(rows) / Double(sampleRateHz)
      }
      rows += 1
      var events = columns.events.map { fields[$0] } ?? ""
      if let column = columns.faults, fields[column] != lastFaults {
        // A change of the cells' faults marks as the `fault` event would.
        lastFaults = fields[column]
        let token = "fault:" + (lastFaults == "ok" ? "clear" : lastFaults)
        events = events.isEmpty ? token : events + ";" + token
      }
      data.append(seconds: time, force: force, value: value, events: events)
    }

    func finish() throws(TraceError) -> PlotData {
      guard columns != nil else { throw TraceError(line: 0, "the CSV is empty") }
      guard rows > 0 else { throw TraceError(line: 0, "the CSV has a header but no rows") }
      return data
    }
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

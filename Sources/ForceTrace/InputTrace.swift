import ForceEngine

/// One frame of raw readings from an input CSV (Docs/csv-formats.md).
public struct RawFrame: Equatable, Sendable {
  /// Left cell, 0...1023.
  public var left: UInt16
  /// Right cell, 0...1023.
  public var right: UInt16
  /// Time stamp in ms, when the input had a `t_ms` column.
  public var timeMs: Int?

  /// Creates a frame.
  public init(left: UInt16, right: UInt16, timeMs: Int? = nil) {
    self.left = left
    self.right = right
    self.timeMs = timeMs
  }
}

/// A problem in a text input (a CSV trace, a gesture script, a plotted CSV), naming
/// the line (1-based; the header is line 1; 0 when not tied to one line).
public struct TraceError: Error, CustomStringConvertible, Equatable, Sendable {
  /// Line of the input, 1-based; 0 when the problem is not tied to a line.
  public let line: Int
  /// Column of the line (1-based, in characters) where the problem starts; 0 for the whole line.
  public let column: Int
  /// What is wrong.
  public let message: String

  /// Creates an error.
  public init(line: Int, column: Int = 0, _ message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String {
    guard line > 0 else { return message }
    return column > 0 ? "line \(line), column \(column): \(message)" : "line \(line): \(message)"
  }
}

/// Reads the input CSV (Docs/csv-formats.md): a header naming `left` and `right` (and optionally
/// `t_ms`, in any order, other columns ignored), then one row per frame.
public enum InputTrace {
  /// Parses a whole CSV text.
  public static func parse(_ text: String) throws(TraceError) -> [RawFrame] {
    var parser = Parser()
    var frames: [RawFrame] = []
    for (index, line) in TextInput.lines(text).enumerated() {
      if let frame = try parser.feed(line, number: index + 1) { frames.append(frame) }
    }
    try parser.finish()
    return frames
  }

  /// Reads the CSV line by line, for streaming: feed every line, then call `finish()`.
  public struct Parser {
    var leftIndex = -1
    var rightIndex = -1
    var timeIndex = -1
    var columnCount = 0
    var sawHeader = false
    /// Frames read so far.
    public private(set) var frameCount = 0

    /// A parser before the header.
    public init() {}

    /// The frame on line `number` (1-based), or nil for the header and blank lines.
    public mutating func feed(_ rawLine: some StringProtocol, number: Int) throws(TraceError) -> RawFrame? {
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine[...]
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) { return nil }
      let cells = CSVFields(line)
      let fields = cells.texts
      if !sawHeader {
        try header(fields, number: number)
        return nil
      }
      if fields.count != columnCount {
        let column = cells.columns[min(fields.count, columnCount + 1) - 1]
        throw TraceError(
          line: number, column: fields.count > columnCount ? column : 0,
          "expected \(columnCount) fields, found \(fields.count)")
      }
      let left = try InputTrace.reading(fields[leftIndex], column: "left", at: (number, cells.columns[leftIndex]))
      let right = try InputTrace.reading(fields[rightIndex], column: "right", at: (number, cells.columns[rightIndex]))
      var time: Int?
      if timeIndex >= 0 {
        guard let value = Int(fields[timeIndex]) else {
          throw TraceError(
            line: number, column: cells.columns[timeIndex],
            "t_ms: \(TextInput.quoted(fields[timeIndex])) is not a whole number")
        }
        time = value
      }
      frameCount += 1
      return RawFrame(left: left, right: right, timeMs: time)
    }

    mutating func header(_ fields: [String], number: Int) throws(TraceError) {
      sawHeader = true
      columnCount = fields.count
      for (index, name) in fields.enumerated() {
        switch name.lowercased() {
        case "left": leftIndex = index
        case "right": rightIndex = index
        case "t_ms": timeIndex = index
        default: break
        }
      }
      let found = fields.joined(separator: ",")
      if leftIndex < 0 {
        throw TraceError(line: number, "header has no 'left' column (found \(TextInput.quoted(found)))")
      }
      if rightIndex < 0 {
        throw TraceError(line: number, "header has no 'right' column (found \(TextInput.quoted(found)))")
      }
    }

    /// Throws when the input was empty or had a header but no frames.
    public func finish() throws(TraceError) {
      if !sawHeader { throw TraceError(line: 0, "input is empty: expected a header with left,right") }
      if frameCount == 0 { throw TraceError(line: 0, "input has a header but no frames") }
    }
  }

  static func reading(_ field: String, column: String, at place: (line: Int, column: Int)) throws(TraceError)
    -> UInt16
  {
    guard let value = Int(field) else {
      let digits = field.hasPrefix("-") ? field.dropFirst() : field[...]
      if !digits.isEmpty && digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
        throw TraceError(
          line: place.line, column: place.column, "\(column): \(TextInput.quoted(field)) is outside 0...1023")
      }
      throw TraceError(
        line: place.line, column: place.column, "\(column): \(TextInput.quoted(field)) is not a whole number")
    }
    guard (0...1023).contains(value) else {
      throw TraceError(line: place.line, column: place.column, "\(column): \(value) is outside 0...1023")
    }
    return UInt16(value)
  }
}

extension StringProtocol {
  func trimmingCharacters(in set: String) -> String {
    var slice = self[...]
    while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
    while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
    return String(slice)
  }
}

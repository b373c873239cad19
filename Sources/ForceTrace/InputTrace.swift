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
  /// What is wrong.
  public let message: String

  /// Creates an error.
  public init(line: Int, _ message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { line > 0 ? "line \(line): \(message)" : message }
}

/// Reads the input CSV (Docs/csv-formats.md): a header naming `left` and `right` (and optionally
/// `t_ms`, in any order, other columns ignored), then one row per frame.
public enum InputTrace {
  /// Parses a whole CSV text.
  public static func parse(_ text: String) throws(TraceError) -> [RawFrame] {
    var frames: [RawFrame] = []
    var leftIndex = -1
    var rightIndex = -1
    var timeIndex = -1
    var columnCount = 0
    var lineNumber = 0
    var sawHeader = false
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine[...]
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: " \t")
      }
      if !sawHeader {
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
        if leftIndex < 0 { throw TraceError(line: lineNumber, "header has no 'left' column") }
        if rightIndex < 0 { throw TraceError(line: lineNumber, "header has no 'right' column") }
        continue
      }
      if fields.count != columnCount {
        throw TraceError(line: lineNumber, "expected \(columnCount) fields, found \(fields.count)")
      }
      let left = try reading(fields[leftIndex], column: "left", line: lineNumber)
      let right = try reading(fields[rightIndex], column: "right", line: lineNumber)
      var time: Int?
      if timeIndex >= 0 {
        guard let value = Int(fields[timeIndex]) else {
          throw TraceError(line: lineNumber, "t_ms: '\(fields[timeIndex])' is not a whole number")
        }
        time = value
      }
      frames.append(RawFrame(left: left, right: right, timeMs: time))
    }
    if !sawHeader { throw TraceError(line: 0, "input is empty: expected a header with left,right") }
    return frames
  }

  static func reading(_ field: String, column: String, line: Int) throws(TraceError) -> UInt16 {
    guard let value = Int(field) else {
      throw TraceError(line: line, "\(column): '\(field)' is not a whole number")
    }
    guard (0...1023).contains(value) else {
      throw TraceError(line: line, "\(column): \(value) is outside 0...1023")
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

/// One frame of an input CSV: raw readings, 0...1023, and the `t_ms` column's time
/// when the input has one.
public struct InputFrame: Equatable {
  /// Left cell.
  public var left: UInt16
  /// Right cell.
  public var right: UInt16
  /// The time stamp in ms; meaningful when `hasTime`.
  public var timeMs: Int64
  /// Whether the input has a `t_ms` column.
  public var hasTime: Bool
  /// The cells' readings with their pull-ups on (the probe, Docs/sensor-faults.md): the
  /// `left_pulled` and `right_pulled` columns, or `left` and `right` without them.
  public var leftPulled: UInt16
  /// The right cell's reading with its pull-up on.
  public var rightPulled: UInt16
  /// Whether the input has the pulled columns.
  public var hasPulled: Bool
}

/// Why an input CSV was refused, at which line (1-based; the header is line 1; 0 when
/// not tied to a line) and column (1-based, in characters; 0 for the whole line).
public struct InputCSVError: Error {
  /// What was wrong.
  enum Problem {
    case empty, noFrames, noLeft, noRight, fieldCount, notWhole, outsideText, outsideValue, duplicateColumn
    case timeBackwards, notText, lonePulled
  }

  /// The line, 1-based; 0 for the whole input.
  public let line: Int
  /// The column, 1-based; 0 for the whole line.
  public let column: Int
  let problem: Problem
  let columnName: StaticString
  let text: TextExcerpt
  let expected: Int
  let found: Int
  let value: Int64
  let previous: Int64

  init(
    _ problem: Problem, line: Int, column: Int = 0, columnName: StaticString = "", text: TextExcerpt = TextExcerpt(),
    expected: Int = 0, found: Int = 0, value: Int64 = 0, previous: Int64 = 0
  ) {
    self.previous = previous
    self.problem = problem
    self.line = line
    self.column = column
    self.columnName = columnName
    self.text = text
    self.expected = expected
    self.found = found
    self.value = value
  }

  /// The error for bytes that are not text.
  init(_ error: TextCheckError) {
    self.init(.notText, line: error.line, column: error.column, text: error.before, value: Int64(error.byte))
  }

  /// Writes what is wrong, without the line and column.
  public func writeMessage<Sink: TextSink>(to sink: inout Sink) {
    switch problem {
    case .empty: sink.write("input is empty: expected a header with left,right")
    case .noFrames: sink.write("input has a header but no frames")
    case .noLeft, .noRight:
      sink.write(problem == .noLeft ? "header has no 'left' column (found " : "header has no 'right' column (found ")
      text.writeQuoted(to: &sink)
      sink.write(")")
    case .fieldCount:
      sink.write("expected ")
      sink.write(expected)
      sink.write(" fields, found ")
      sink.write(found)
    case .notWhole, .outsideText:
      sink.write(columnName)
      sink.write(": ")
      text.writeQuoted(to: &sink)
      sink.write(problem == .notWhole ? " is not a whole number" : " is outside 0...1023")
    case .notText:
      TextCheckError(line: line, column: column, byte: UInt8(truncatingIfNeeded: value), before: text).writeMessage(
        to: &sink)
    case .duplicateColumn:
      sink.write("header names '")
      sink.write(columnName)
      sink.write("' twice (columns ")
      sink.write(expected)
      sink.write(" and ")
      sink.write(found)
      sink.write(")")
    case .timeBackwards:
      sink.write("t_ms: ")
      sink.write(value)
      sink.write(" is before the previous row's ")
      sink.write(previous)
      sink.write(": time must not go backwards")
    case .outsideValue:
      sink.write(columnName)
      sink.write(": ")
      sink.write(value)
      sink.write(" is outside 0...1023")
    case .lonePulled:
      sink.write("header has '")
      sink.write(columnName)
      sink.write(columnName.utf8CodeUnitCount == 11 ? "' but no 'right_pulled'" : "' but no 'left_pulled'")
      sink.write(": the pulled readings come as a pair")
    }
  }

  /// Writes "line L, column C: message" ("line L: message" without a column, the
  /// message alone without a line).
  public func write<Sink: TextSink>(to sink: inout Sink) {
    if line > 0 {
      sink.write("line ")
      sink.write(line)
      if column > 0 {
        sink.write(", column ")
        sink.write(column)
      }
      sink.write(": ")
    }
    writeMessage(to: &sink)
  }
}

/// The input CSV (Docs/csv-formats.md, "Input CSV"), read as a stream of bytes in
/// chunks of any size: a header naming `left` and `right` (and optionally `t_ms`, in any
/// order, any case, other columns ignored), then one row per frame; fields trimmed of
/// spaces and tabs; blank lines skipped; LF, CRLF or CR line ends, a leading byte-order
/// mark. `forcectl` (ForceTrace's `InputTrace`) and the page's offline playback read
/// through here, so both refuse a file with the same words.
///
/// Feed every byte (`feed`), taking the frames it returns, then call `finish`.
public struct InputCSVParser {
  var splitter = LineSplitter()
  var row = RowState()

  /// Before the first byte.
  public init() {}

  /// Frames read so far.
  public var frameCount: Int { row.frameCount }

  /// Feeds one byte; returns the frame of a row this byte ended.
  public mutating func feed(_ byte: UInt8) throws(InputCSVError) -> InputFrame? {
    row.frame = nil
    try splitter.feed(byte, to: &row)
    return row.frame
  }

  /// Ends the input: returns the frame of a last row without a line end; throws when
  /// the input was empty or had no frames.
  public mutating func finish() throws(InputCSVError) -> InputFrame? {
    row.frame = nil
    try splitter.finish(to: &row)
    do { try row.check.finish() } catch { throw InputCSVError(error) }
    if row.hasContent { try row.lineEnd() }
    let frame = row.frame
    if !row.sawHeader { throw InputCSVError(.empty, line: 0) }
    if row.frameCount == 0 { throw InputCSVError(.noFrames, line: 0) }
    return frame
  }
}

/// A whole number as `Int(text)` reads it: an optional sign, then decimal digits.
struct WholeNumber {
  var negative = false
  var plus = false
  var digits = 0
  var magnitude: UInt64 = 0
  var overflow = false
  var invalid = false

  mutating func append(_ byte: UInt8) {
    if byte >= 0x30 && byte <= 0x39 {
      digits &+= 1
      let digit = UInt64(byte &- 0x30)
      // No multiplyReportingOverflow: a 128-bit multiply the page's module has no code for.
      if overflow || magnitude > (UInt64.max &- digit) / 10 {
        overflow = true
      } else {
        magnitude = magnitude &* 10 &+ digit
      }
    } else if digits == 0 && !negative && !plus && (byte == 0x2D || byte == 0x2B) {
      if byte == 0x2D { negative = true } else { plus = true }
    } else {
      invalid = true
    }
  }

  /// The value, or nil when `Int(text)` would be nil.
  var value: Int64? {
    guard !invalid, digits > 0, !overflow else { return nil }
    if negative {
      guard magnitude <= UInt64(Int64.max) &+ 1 else { return nil }
      return magnitude == UInt64(Int64.max) &+ 1 ? Int64.min : -Int64(magnitude)
    }
    guard magnitude <= UInt64(Int64.max) else { return nil }
    return Int64(magnitude)
  }

  /// Whether the text is digits after an optional "-" (a number too large to read).
  var isDigits: Bool { !invalid && digits > 0 && !plus }
}

/// One field of the line being read: its trimmed text, where it starts, its number.
struct FieldState {
  var text = TextExcerpt()
  var column = 0
  var number = WholeNumber()
  var started = false
  var pendingSpace = false
  var trimmedScalars = 0
  var trimmedBytes = 0
  var bytes = 0
}

/// The parser's state between lines: the header's columns, the row being read.
struct RowState: LineHandler {
  typealias Failure = InputCSVError

  var line = 1
  var sawHeader = false
  var columnCount = 0
  var leftIndex = -1
  var rightIndex = -1
  var timeIndex = -1
  var leftPulledIndex = -1
  var rightPulledIndex = -1
  var frameCount = 0
  var frame: InputFrame?

  // The current line.
  var hasContent = false
  var blank = true
  var scalars = 0
  var fieldIndex = 0
  var field = FieldState()
  var left = FieldState()
  var right = FieldState()
  var time = FieldState()
  var leftPulled = FieldState()
  var rightPulled = FieldState()
  var extraColumn = 0
  var found = TextExcerpt()
  /// A header column read twice: its name, both fields' indices, the second's column.
  var duplicate: (name: StaticString, first: Int, second: Int, column: Int)?
  /// Whether the bytes are text (a binary file is refused at its first byte that is not).
  var check = TextCheck()
  /// The last row's `t_ms`.
  var lastTime: Int64?

  mutating func content(_ byte: UInt8) throws(InputCSVError) {
    do { try check.content(byte) } catch { throw InputCSVError(error) }
    hasContent = true
    let isScalar = byte & 0xC0 != 0x80
    if isScalar { scalars &+= 1 }
    if byte == UInt8(ascii: ",") {
      blank = false
      endField(column: scalars)
      return
    }
    if byte == 0x20 || byte == 0x09 {
      if field.started { field.pendingSpace = true }
    } else {
      blank = false
      if !field.started {
        field.started = true
        field.column = scalars
      }
      if field.pendingSpace { field.number.invalid = true }
      field.pendingSpace = false
      field.number.append(byte)
    }
    guard field.started else { return }
    field.text.append(byte)
    field.bytes &+= 1
    if byte != 0x20 && byte != 0x09 {
      field.trimmedScalars = field.text.scalarCount
      field.trimmedBytes = field.bytes
    }
  }

  /// Ends the current field; `column` is where an empty field's text would start (its end).
  mutating func endField(column: Int) {
    if !field.started { field.column = column }
    field.text.truncate(scalars: field.trimmedScalars, bytes: field.trimmedBytes)
    if !sawHeader {
      if fieldIndex > 0 { found.append(UInt8(ascii: ",")) }
      found.append(field.text)
      if field.text.equalsIgnoringCase("left") { leftIndex = noted(leftIndex, "left") }
      if field.text.equalsIgnoringCase("right") { rightIndex = noted(rightIndex, "right") }
      if field.text.equalsIgnoringCase("t_ms") { timeIndex = noted(timeIndex, "t_ms") }
      if field.text.equalsIgnoringCase("left_pulled") { leftPulledIndex = noted(leftPulledIndex, "left_pulled") }
      if field.text.equalsIgnoringCase("right_pulled") { rightPulledIndex = noted(rightPulledIndex, "right_pulled") }
    } else {
      if fieldIndex == leftIndex { left = field }
      if fieldIndex == rightIndex { right = field }
      if fieldIndex == timeIndex { time = field }
      if fieldIndex == leftPulledIndex { leftPulled = field }
      if fieldIndex == rightPulledIndex { rightPulled = field }
      if fieldIndex == columnCount { extraColumn = field.column }
    }
    fieldIndex &+= 1
    field = FieldState()
  }

  /// The index of the column `name`, which was `index` (-1: not seen) before the field
  /// being ended; a second column of the same name is kept in `duplicate` for
  /// `lineEnd` to refuse.
  mutating func noted(_ index: Int, _ name: StaticString) -> Int {
    guard index >= 0 else { return fieldIndex }
    if duplicate == nil { duplicate = (name, index, fieldIndex, field.column) }
    return index
  }

  mutating func lineEnd() throws(InputCSVError) {
    do { try check.lineEnd() } catch { throw InputCSVError(error) }
    let number = line
    defer { startLine() }
    guard !blank else { return }
    endField(column: scalars &+ 1)
    if !sawHeader {
      sawHeader = true
      columnCount = fieldIndex
      if let duplicate {
        throw InputCSVError(
          .duplicateColumn, line: number, column: duplicate.column, columnName: duplicate.name,
          expected: duplicate.first &+ 1, found: duplicate.second &+ 1)
      }
      if leftIndex < 0 { throw InputCSVError(.noLeft, line: number, text: found) }
      if rightIndex < 0 { throw InputCSVError(.noRight, line: number, text: found) }
      if (leftPulledIndex < 0) != (rightPulledIndex < 0) {
        throw InputCSVError(.lonePulled, line: number, columnName: leftPulledIndex < 0 ? "right_pulled" : "left_pulled")
      }
      return
    }
    if fieldIndex != columnCount {
      throw InputCSVError(
        .fieldCount, line: number, column: fieldIndex > columnCount ? extraColumn : 0, expected: columnCount,
        found: fieldIndex)
    }
    let leftValue = try RowState.reading(left, "left", line: number)
    let rightValue = try RowState.reading(right, "right", line: number)
    var timeMs: Int64 = 0
    if timeIndex >= 0 {
      guard let value = time.number.value else {
        throw InputCSVError(.notWhole, line: number, column: time.column, columnName: "t_ms", text: time.text)
      }
      if let lastTime, value < lastTime {
        throw InputCSVError(
          .timeBackwards, line: number, column: time.column, value: value, previous: lastTime)
      }
      lastTime = value
      timeMs = value
    }
    var pulled = (leftValue, rightValue)
    if leftPulledIndex >= 0 {
      pulled = (
        try RowState.reading(leftPulled, "left_pulled", line: number),
        try RowState.reading(rightPulled, "right_pulled", line: number)
      )
    }
    frameCount &+= 1
    frame = InputFrame(
      left: leftValue, right: rightValue, timeMs: timeMs, hasTime: timeIndex >= 0, leftPulled: pulled.0,
      rightPulled: pulled.1, hasPulled: leftPulledIndex >= 0)
  }

  mutating func startLine() {
    line &+= 1
    hasContent = false
    blank = true
    scalars = 0
    fieldIndex = 0
    field = FieldState()
  }

  static func reading(_ field: FieldState, _ name: StaticString, line: Int) throws(InputCSVError) -> UInt16 {
    guard let value = field.number.value else {
      let problem: InputCSVError.Problem = field.number.isDigits ? .outsideText : .notWhole
      throw InputCSVError(problem, line: line, column: field.column, columnName: name, text: field.text)
    }
    guard value >= 0 && value <= 1023 else {
      throw InputCSVError(.outsideValue, line: line, column: field.column, columnName: name, value: value)
    }
    return UInt16(value)
  }
}

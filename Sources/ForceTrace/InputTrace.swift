import ForceEngine
import ForceHostCore

/// One frame of raw readings from an input CSV (Docs/csv-formats.md).
public struct RawFrame: Equatable, Sendable {
  /// Left cell, 0...1023.
  public var left: UInt16
  /// Right cell, 0...1023.
  public var right: UInt16
  /// Time stamp in ms, when the input had a `t_ms` column.
  public var timeMs: Int?
  /// The cells' readings with their pull-ups on, when the input had `left_pulled` and
  /// `right_pulled` columns (the probe, Docs/sensor-faults.md).
  public var pulled: PulledReadings?

  /// Creates a frame.
  public init(left: UInt16, right: UInt16, timeMs: Int? = nil, pulled: PulledReadings? = nil) {
    self.left = left
    self.right = right
    self.timeMs = timeMs
    self.pulled = pulled
  }

  /// The readings a device reads this frame: with the pull-ups on when `pullUps` (the
  /// engine's `pullUpsNext` after the frame before), the plain ones without, or when
  /// the input has no pulled columns (a probe then reads the pin as connected).
  public func readings(pullUps: Bool) -> (left: UInt16, right: UInt16) {
    guard pullUps, let pulled else { return (left, right) }
    return (pulled.left, pulled.right)
  }
}

/// Both cells' readings with their pull-ups on (the probe, Docs/sensor-faults.md).
public struct PulledReadings: Equatable, Sendable {
  /// Left cell, 0...1023.
  public var left: UInt16
  /// Right cell, 0...1023.
  public var right: UInt16

  /// Both readings.
  public init(left: UInt16, right: UInt16) {
    self.left = left
    self.right = right
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
/// `t_ms`, in any order, other columns ignored), then one row per frame. The parser is
/// ForceHostCore's `InputCSVParser`, the one the page's offline playback uses.
public enum InputTrace {
  /// Parses a whole CSV text.
  public static func parse(_ text: String) throws(TraceError) -> [RawFrame] {
    var parser = InputCSVParser()
    var frames: [RawFrame] = []
    try traced { () throws(InputCSVError) in
      for byte in text.utf8 {
        if let frame = try parser.feed(byte) { frames.append(RawFrame(frame)) }
      }
      if let frame = try parser.finish() { frames.append(RawFrame(frame)) }
    }
    return frames
  }

  /// Runs `body`, turning the parser's error into a `TraceError` with its words.
  static func traced<Result>(_ body: () throws(InputCSVError) -> Result) throws(TraceError) -> Result {
    do {
      return try body()
    } catch {
      var message = TextBuffer()
      error.writeMessage(to: &message)
      throw TraceError(line: error.line, column: error.column, message.string)
    }
  }
}

extension RawFrame {
  /// The host's frame of a parsed row.
  init(_ frame: InputFrame) {
    self.init(
      left: frame.left, right: frame.right, timeMs: frame.hasTime ? Int(frame.timeMs) : nil,
      pulled: frame.hasPulled ? PulledReadings(left: frame.leftPulled, right: frame.rightPulled) : nil)
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

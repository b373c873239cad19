import ForceHostCore

/// An input CSV (Docs/csv-formats.md) read frame by frame in constant memory, through
/// ForceHostCore's `InputCSVParser` as `InputTrace.parse` reads a whole text.
public final class InputTraceStream {
  private let reader: LineReader
  private var parser = InputCSVParser()
  private var finished = false
  private var peeked: RawFrame?

  /// Opens `path` (`-` for standard input) and reads up to the first frame, so an
  /// empty or header-only input is an error before anything is written.
  public init(_ path: String) throws {
    reader = try LineReader(path)
    peeked = try read()
  }

  /// Whether the input can be read a second time: a regular file, not standard input.
  public var canReadAgain: Bool { reader.path != "-" && reader.size != nil }

  /// Reads the whole input through a second stream, so that a bad line is found
  /// before anything is written: for an output written straight through (standard
  /// output, a pipe), where rows cannot be taken back. Does nothing when the input
  /// cannot be read again (standard input, a pipe).
  public func checkWhole() throws {
    guard canReadAgain else { return }
    let check = try InputTraceStream(reader.path)
    while try check.next() != nil {}
  }

  /// How much of the file has been read, 0...1; nil for standard input or a pipe.
  public var fractionRead: Double? { reader.fractionRead }

  /// The next frame, or nil at the end. Throws `TraceError` for a bad line,
  /// `FileError` when the file cannot be read.
  public func next() throws -> RawFrame? {
    if let frame = peeked {
      peeked = nil
      return frame
    }
    return try read()
  }

  /// Feeds the parser line by line (each decoded as `InputTrace.parse`'s text is, so
  /// a file that is not UTF-8 is read the same way by both).
  private func read() throws -> RawFrame? {
    if finished { return nil }
    while let line = try reader.next() {
      var frame: RawFrame?
      for byte in line.utf8 {
        if let parsed = try InputTrace.traced({ () throws(InputCSVError) in try parser.feed(byte) }) {
          frame = RawFrame(parsed)
        }
      }
      if let parsed = try InputTrace.traced({ () throws(InputCSVError) in try parser.feed(0x0A) }) {
        frame = RawFrame(parsed)
      }
      if let frame { return frame }
    }
    finished = true
    return try InputTrace.traced({ () throws(InputCSVError) in try parser.finish() }).map(RawFrame.init)
  }
}

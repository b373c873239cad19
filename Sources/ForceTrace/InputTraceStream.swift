import ForceHostCore

/// An input CSV (Docs/csv-formats.md) read frame by frame in constant memory, through
/// ForceHostCore's `InputCSVParser` as `InputTrace.parse` reads a whole text.
public final class InputTraceStream {
  private let reader: LineReader
  // Private, never accessed overlapping: no run-time exclusivity checks a frame.
  @exclusivity(unchecked) private var parser = InputCSVParser()
  @exclusivity(unchecked) private var finished = false
  @exclusivity(unchecked) private var peeked: RawFrame?

  /// Opens `path` (`-` for standard input) and reads up to the first frame, so an
  /// empty or header-only input is an error before anything is written; the file is
  /// read `blockSize` bytes at a time.
  public init(_ path: String, blockSize: Int = 1 << 16) throws {
    reader = try LineReader(path, blockSize: blockSize)
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

  /// Feeds the parser line by line, each as `LineReader` hands it over (text, so read
  /// as `InputTrace.parse` reads the decoded text); a row of plain numbers is read
  /// straight from the reader's buffer (`InputCSVParser.feedLine`).
  private func read() throws -> RawFrame? {
    if finished { return nil }
    while let line = try reader.nextBytes() {
      if let frame = try InputTrace.traced({ () throws(InputCSVError) in try parser.feedLine(line) }) {
        return RawFrame(frame)
      }
    }
    finished = true
    return try InputTrace.traced({ () throws(InputCSVError) in try parser.finish() }).map(RawFrame.init)
  }
}

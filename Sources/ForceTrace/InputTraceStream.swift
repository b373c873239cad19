/// An input CSV (Docs/csv-formats.md) read frame by frame in constant memory.
public final class InputTraceStream {
  private let reader: LineReader
  private var parser = InputTrace.Parser()
  private var peeked: RawFrame?

  /// Opens `path` (`-` for standard input) and reads up to the first frame, so an
  /// empty or header-only input is an error before anything is written.
  public init(_ path: String) throws {
    reader = try LineReader(path)
    peeked = try read()
    if peeked == nil { try parser.finish() }
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

  private func read() throws -> RawFrame? {
    while let line = try reader.next() {
      if let frame = try parser.feed(line, number: reader.lineNumber) { return frame }
    }
    return nil
  }
}

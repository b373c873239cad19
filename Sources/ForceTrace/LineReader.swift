import ForceHostCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a text file (standard input for `-`) one line at a time in constant memory,
/// accepting LF, CRLF or CR line ends and a leading UTF-8 byte-order mark, like
/// `TextInput.read` (both split through ForceHostCore's `LineSplitter`).
public final class LineReader {
  /// The path as given.
  public let path: String
  /// The number of the line `next()` returned last (1-based).
  public private(set) var lineNumber = 0
  /// Bytes read from the file so far.
  public private(set) var bytesRead = 0
  /// The file's size when it is a regular file (not for a pipe or standard input).
  public private(set) var size: Int?
  private let fd: Int32
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var end = 0
  private var atEnd = false
  private var splitter = LineSplitter()
  private var line = LineBytes()

  /// Opens `path` for reading.
  public init(_ path: String) throws(FileError) {
    self.path = path
    fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw TextInput.failure(path) }
    var info = stat()
    if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      if fd != 0 { close(fd) }
      throw FileError("cannot read \(path): it is a directory")
    }
    if info.st_mode & S_IFMT == S_IFREG { size = Int(info.st_size) }
  }

  /// How much of a regular file has been read, 0...1; nil when the size is unknown.
  public var fractionRead: Double? {
    guard let size, size > 0 else { return nil }
    return min(1, Double(bytesRead) / Double(size))
  }

  deinit { if fd != 0 { close(fd) } }

  /// The next line without its line end, or nil at the end of the input.
  public func next() throws(FileError) -> String? {
    line.bytes.removeAll(keepingCapacity: true)
    line.ended = false
    while true {
      if start == end {
        if atEnd { break }
        try refill()
        if start == end {
          splitter.finish(to: &line)
          break
        }
      }
      let byte = buffer[start]
      start += 1
      splitter.feed(byte, to: &line)
      if line.ended { return try finish() }
    }
    return line.bytes.isEmpty ? nil : try finish()
  }

  /// The line read, refused when it is not text (`TextInput.checkText`).
  private func finish() throws(FileError) -> String {
    lineNumber += 1
    try TextInput.checkText(line.bytes, path: path, line: lineNumber)
    return String(decoding: line.bytes, as: UTF8.self)
  }

  private func refill() throws(FileError) {
    while true {
      let count = buffer.withUnsafeMutableBytes { readChunk(fd, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw TextInput.failure(path) }
      start = 0
      end = count
      bytesRead += max(0, count)
      if count == 0 { atEnd = true }
      return
    }
  }
}

/// The bytes of one line, as `LineSplitter` hands them over.
struct LineBytes: LineHandler {
  typealias Failure = Never
  var bytes: [UInt8] = []
  var ended = false

  mutating func content(_ byte: UInt8) { bytes.append(byte) }
  mutating func lineEnd() { ended = true }
}

/// The C `read`, under a name no method hides.
private func readChunk(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}

import ForceHostCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading the text files commands take (traces, gesture scripts, parameter files):
/// `-` is standard input; LF, CRLF and a leading UTF-8 byte-order mark are all accepted
/// (Docs/csv-formats.md, "Line endings").
public enum TextInput {
  /// The text of `path` (standard input for `-`), with a BOM removed and every CRLF or
  /// lone CR turned into LF. Throws one line naming the path and the reason.
  public static func read(_ path: String) throws(FileError) -> String {
    let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw failure(path) }
    defer { if fd != 0 { close(fd) } }
    var info = stat()
    if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      throw FileError("cannot read \(path): it is a directory")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(path)
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    try checkText(bytes, path: path)
    return normalized(bytes)
  }

  /// Refuses bytes that are not text: a NUL, or bytes that are not UTF-8. The error
  /// names the file, the line and column of the first such byte, its value, and the
  /// start of its line as far as it is text (ForceHostCore's `TextCheck`), never the
  /// bytes themselves. With `line`, `bytes` are that one line, as `LineReader` split it
  /// (its line end and a leading byte-order mark already gone); without, a whole file.
  public static func checkText(_ bytes: some Collection<UInt8>, path: String, line: Int? = nil) throws(FileError) {
    if bytes.allSatisfy({ $0 != 0 && $0 < 0x80 }) { return }
    do throws(TextCheckError) {
      if let line {
        var check = TextCheck(line: line)
        for byte in bytes { try check.content(byte) }
        try check.finish()
      } else {
        try TextCheck.check(file: bytes)
      }
    } catch {
      var message = TextBuffer()
      error.writeMessage(to: &message)
      throw FileError(
        "\(path == "-" ? "standard input" : path): line \(error.line), column \(error.column): \(message.string)")
    }
  }

  /// Bytes as text with LF line endings and no BOM (split by ForceHostCore's `LineSplitter`).
  public static func normalized(_ bytes: [UInt8]) -> String {
    var splitter = LineSplitter()
    var out = Normalized()
    out.bytes.reserveCapacity(bytes.count)
    for byte in bytes { splitter.feed(byte, to: &out) }
    splitter.finish(to: &out)
    return String(decoding: out.bytes, as: UTF8.self)
  }

  /// The lines of a text, split on LF, CRLF or CR only (Swift treats "\r\n" as one
  /// Character, so splitting on "\n" alone would miss it), as `LineReader` splits them:
  /// other Unicode line breaks (VT, FF, NEL, U+2028) stay inside their line.
  public static func lines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
  }

  /// Text for an error message: control characters escaped, at most 40 characters
  /// (ForceHostCore's `TextExcerpt`, as the page quotes).
  public static func quoted(_ text: some StringProtocol) -> String {
    var out = TextBuffer()
    TextExcerpt(text).writeQuoted(to: &out)
    return out.string
  }

  static func failure(_ path: String) -> FileError {
    FileError("cannot read \(path == "-" ? "standard input" : path): \(String(cString: strerror(errno)))")
  }
}

extension TextExcerpt {
  /// The start of `text`, for a message or a look-up by name.
  public init(_ text: some StringProtocol) {
    self.init()
    for byte in text.utf8 { append(byte) }
  }
}

/// Bytes with every line end made LF.
private struct Normalized: LineHandler {
  typealias Failure = Never
  var bytes: [UInt8] = []

  mutating func content(_ byte: UInt8) { bytes.append(byte) }
  mutating func lineEnd() { bytes.append(0x0A) }
}

/// The C `read`, under a name no method hides.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}

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
    return normalized(bytes)
  }

  /// Bytes as text with LF line endings and no BOM.
  public static func normalized(_ bytes: [UInt8]) -> String {
    var start = 0
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count - start)
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0D {
        out.append(0x0A)
        if index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
      } else {
        out.append(byte)
      }
      index += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The lines of a text, split on LF, CRLF or CR only (Swift treats "\r\n" as one
  /// Character, so splitting on "\n" alone would miss it), as `LineReader` splits them:
  /// other Unicode line breaks (VT, FF, NEL, U+2028) stay inside their line.
  public static func lines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
  }

  /// Text for an error message: control characters escaped, at most `limit` characters.
  public static func quoted(_ text: some StringProtocol, limit: Int = 40) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == limit {
        out += "…"
        break
      }
      out += scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
      count += 1
    }
    return "'\(out)'"
  }

  static func failure(_ path: String) -> FileError {
    FileError("cannot read \(path == "-" ? "standard input" : path): \(String(cString: strerror(errno)))")
  }
}

/// The C `read`, under a name no method hides.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}

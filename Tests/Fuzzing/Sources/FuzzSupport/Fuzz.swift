#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What every fuzz target shares: the input as bytes, a scratch file holding it, and
/// the checks whose failure is a finding (libFuzzer saves the input that trapped).
public enum Fuzz {
  /// The `size` bytes at `data` (libFuzzer passes a null pointer for an empty input).
  public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// Stops the run with `message` when `condition` is false: the input is a finding.
  public static func expect(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
  ) {
    if !condition() { fatalError(message(), file: file, line: line) }
  }

  /// Checks that an error message is one line: what a command prints for bad input.
  public static func expectOneLine(_ message: String, file: StaticString = #fileID, line: UInt = #line) {
    expect(!message.isEmpty, "empty error message", file: file, line: line)
    expect(
      !message.unicodeScalars.contains { $0 == "\n" || $0 == "\r" },
      "error message spans lines: \(message.debugDescription)", file: file, line: line)
  }

  /// Writes `bytes` to this process's scratch file (rewritten by every input) and
  /// returns its path, for the readers that take a path as commands do.
  public static func scratchFile(_ bytes: [UInt8]) -> String {
    let path = scratchPath
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    expect(fd >= 0, "cannot create \(path)")
    defer { close(fd) }
    var written = 0
    bytes.withUnsafeBytes { buffer in
      while written < buffer.count {
        let count = write(fd, buffer.baseAddress! + written, buffer.count - written)
        expect(count > 0, "cannot write \(path)")
        written += count
      }
    }
    return path
  }

  static let scratchPath: String = {
    let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    return "\(directory)/forcepicker-fuzz-\(getpid()).txt"
  }()
}

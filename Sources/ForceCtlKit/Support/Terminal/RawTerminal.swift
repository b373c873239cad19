#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input in raw mode (no echo, no line buffering) for key-driven views.
/// Restores the original settings on `restore()` (call it in a `defer`).
public final class RawTerminal {
  private var original = termios()
  private var active = false

  /// True when both standard input and output are terminals.
  public static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

  /// True when standard output is a terminal.
  public static var stdoutIsTTY: Bool { isatty(1) == 1 }

  /// Enters raw mode; throws when standard input is not a terminal.
  public init() throws {
    guard tcgetattr(0, &original) == 0 else { throw CLIError("standard input is not a terminal") }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else { throw CLIError("cannot put the terminal in raw mode") }
    active = true
    Interrupt.savedTerminal = original
    write("\u{1B}[?25l")  // hide cursor
  }

  /// Puts the terminal back as it was.
  public func restore() {
    guard active else { return }
    active = false
    tcsetattr(0, TCSAFLUSH, &original)
    Interrupt.savedTerminal = nil
    write("\u{1B}[?25h\n")
  }

  deinit { restore() }

  /// Writes text straight to standard output.
  public func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
      if written <= 0 { return }
      offset += written
    }
  }

  /// Keys pressed since the last call (non-blocking).
  public func readKeys() -> [Key] {
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(0, &buffer, buffer.count)
    guard count > 0 else { return [] }
    return Key.parse(Array(buffer[0..<count]))
  }
}

/// A key the monitor understands.
public enum Key: Equatable, Sendable {
  case up, down, left, right, tab, backTab, quit, other

  /// Decodes a burst of bytes (arrow keys are ESC [ A…D).
  public static func parse(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
        switch bytes[index + 2] {
        case UInt8(ascii: "A"): keys.append(.up)
        case UInt8(ascii: "B"): keys.append(.down)
        case UInt8(ascii: "C"): keys.append(.right)
        case UInt8(ascii: "D"): keys.append(.left)
        case UInt8(ascii: "Z"): keys.append(.backTab)
        default: keys.append(.other)
        }
        index += 3
        continue
      }
      switch byte {
      case 0x09: keys.append(.tab)
      case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03: keys.append(.quit)
      case UInt8(ascii: "k"), UInt8(ascii: "+"): keys.append(.up)
      case UInt8(ascii: "j"), UInt8(ascii: "-"): keys.append(.down)
      case UInt8(ascii: "h"): keys.append(.left)
      case UInt8(ascii: "l"): keys.append(.right)
      default: keys.append(.other)
      }
      index += 1
    }
    return keys
  }
}

import Glibc

/// SITL's live cells (`--cells FILE`): the two readings another program (a test, the
/// closed loop, a slider) writes to FILE as `LEFT,RIGHT`, read every frame. A file
/// that is missing, being rewritten or not two numbers 0…1023 keeps the last readings
/// (0, 0 at the start), so a writer that replaces the file by a rename is never seen
/// half-written.
struct LiveCells {
  let path: String
  private var last: (left: UInt16, right: UInt16) = (0, 0)

  init(path: String) { self.path = path }

  /// The readings now.
  mutating func read() -> (left: UInt16, right: UInt16) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return last }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 32)
    let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 32) }
    guard count > 0 else { return last }
    let fields = bytes[..<count].split(whereSeparator: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\n") })
    guard fields.count == 2, let left = Self.reading(fields[0]), let right = Self.reading(fields[1]) else {
      return last
    }
    last = (left, right)
    return last
  }

  /// A whole number 0…1023 in ASCII digits, or nil.
  static func reading(_ digits: ArraySlice<UInt8>) -> UInt16? {
    guard !digits.isEmpty, digits.count <= 4 else { return nil }
    var value: UInt16 = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      value = value * 10 + UInt16(digit - UInt8(ascii: "0"))
    }
    return value <= 1023 ? value : nil
  }
}

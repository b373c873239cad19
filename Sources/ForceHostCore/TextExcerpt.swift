/// The start of a text for an error message: its first 40 characters (Unicode
/// scalars) kept inline, control characters escaped when written, "…" after them when
/// there were more. Every quoted text of the host's messages (`TextInput.quoted`) and of
/// the page's is written through here.
public struct TextExcerpt: Sendable {
  /// How many characters are shown.
  public static let limit = 40
  static let capacity = 160  // 40 scalars of at most 4 bytes

  var storage:
    (
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  /// Bytes kept: those of the first `limit` scalars.
  var byteCount = 0
  /// Scalars appended in all.
  public private(set) var scalarCount = 0

  /// An empty text.
  public init() {}

  /// Appends one byte of UTF-8.
  public mutating func append(_ byte: UInt8) {
    if byte & 0xC0 != 0x80 { scalarCount &+= 1 }
    guard scalarCount <= TextExcerpt.limit, byteCount < TextExcerpt.capacity else { return }
    let index = byteCount
    withUnsafeMutableBytes(of: &storage) { $0[index] = byte }
    byteCount &+= 1
  }

  /// Appends another excerpt's text (as much as is kept of it, and its length).
  public mutating func append(_ other: TextExcerpt) {
    other.withBytes { for byte in $0 { append(byte) } }
    let kept = min(other.scalarCount, TextExcerpt.limit)
    scalarCount &+= other.scalarCount &- kept
  }

  /// Cuts the text back to its first `scalars` scalars, `bytes` bytes.
  mutating func truncate(scalars: Int, bytes: Int) {
    scalarCount = scalars
    byteCount = min(byteCount, bytes)
  }

  /// Calls `body` with the bytes kept.
  public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    withUnsafeBytes(of: storage) { body(UnsafeRawBufferPointer(rebasing: $0[0..<byteCount])) }
  }

  /// Whether the text is `name` in ASCII letters of any case ("Left" is "left").
  public func equalsIgnoringCase(_ name: StaticString) -> Bool {
    guard scalarCount == name.utf8CodeUnitCount, byteCount == scalarCount else { return false }
    return withBytes { bytes in
      for index in 0..<bytes.count {
        var byte = bytes[index]
        if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
        if byte != name.utf8Start[index] { return false }
      }
      return true
    }
  }

  /// Writes the text in single quotes: control characters escaped as Swift writes them
  /// (`\t`, `\u{1B}`), at most `limit` characters, then "…" when there were more.
  public func writeQuoted<Sink: TextSink>(to sink: inout Sink) {
    sink.append(UInt8(ascii: "'"))
    withBytes { bytes in
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F {
          TextExcerpt.writeEscaped(UInt32(byte), to: &sink)
        } else if byte == 0xC2, index &+ 1 < bytes.count, bytes[index &+ 1] >= 0x80, bytes[index &+ 1] <= 0x9F {
          index &+= 1
          TextExcerpt.writeEscaped(UInt32(bytes[index]), to: &sink)
        } else {
          sink.append(byte)
        }
        index &+= 1
      }
    }
    if scalarCount > TextExcerpt.limit { sink.write("…") }
    sink.append(UInt8(ascii: "'"))
  }

  static func writeEscaped<Sink: TextSink>(_ scalar: UInt32, to sink: inout Sink) {
    sink.append(UInt8(ascii: "\\"))
    switch scalar {
    case 0: sink.append(UInt8(ascii: "0"))
    case 0x09: sink.append(UInt8(ascii: "t"))
    case 0x0A: sink.append(UInt8(ascii: "n"))
    case 0x0D: sink.append(UInt8(ascii: "r"))
    default:
      sink.write("u{")
      let digits: UInt32 = scalar < 0x80 ? 2 : 4
      let hex: StaticString = "0123456789ABCDEF"
      for place in (0..<digits).reversed() {
        sink.append(hex.utf8Start[Int((scalar >> (4 &* place)) & 0xF)])
      }
      sink.append(UInt8(ascii: "}"))
    }
  }
}

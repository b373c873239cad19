/// Whether the bytes of a text file are text: UTF-8 (RFC 3629: no overlong forms, no
/// surrogates, nothing past U+10FFFF) with no NUL. Fed the bytes of each line as
/// `LineSplitter` hands them over; the first byte that is not text is kept, with its
/// line and column and the start of its line as far as it was text (a `TextExcerpt`),
/// so a binary file is named by where it stops being text, never echoed. `forcectl`
/// (ForceTrace's `TextInput`, `LineReader`) and the page's input CSV parser check
/// through here, in the same words.
public struct TextCheck: LineHandler {
  /// The line being read, 1-based.
  public private(set) var line: Int
  /// The column (in characters, 1-based) of the character being read.
  public private(set) var column = 1
  /// The line so far, for the message.
  var excerpt = TextExcerpt()
  /// The lead byte of the character being read and its column; continuation bytes still expected.
  var lead: UInt8 = 0
  var leadColumn = 1
  var remaining = 0
  /// The range the next continuation byte must fall in (narrower after E0, ED, F0, F4).
  var low: UInt8 = 0x80
  var high: UInt8 = 0xBF

  /// Before the first byte of line `line`.
  public init(line: Int = 1) { self.line = line }

  /// Checks the bytes of a whole file, its lines split as `LineSplitter` splits them.
  public static func check<Bytes: Sequence<UInt8>>(file bytes: Bytes) throws(TextCheckError) {
    var splitter = LineSplitter()
    var check = TextCheck()
    for byte in bytes { try splitter.feed(byte, to: &check) }
    try splitter.finish(to: &check)
    try check.finish()
  }

  /// Feeds one byte of a line; throws at the first that is not text.
  public mutating func content(_ byte: UInt8) throws(TextCheckError) {
    if remaining > 0 {
      guard byte >= low && byte <= high else { throw failure() }
      low = 0x80
      high = 0xBF
      remaining &-= 1
      excerpt.append(byte)
      if remaining == 0 { column &+= 1 }
      return
    }
    lead = byte
    leadColumn = column
    switch byte {
    case 0x01...0x7F:
      excerpt.append(byte)
      column &+= 1
      return
    case 0xC2...0xDF: remaining = 1
    case 0xE0:
      remaining = 2
      low = 0xA0
    case 0xED:
      remaining = 2
      high = 0x9F
    case 0xE1...0xEF: remaining = 2
    case 0xF0:
      remaining = 3
      low = 0x90
    case 0xF4:
      remaining = 3
      high = 0x8F
    case 0xF1...0xF3: remaining = 3
    default: throw failure()  // NUL, a stray continuation byte, C0, C1, F5...FF
    }
    excerpt.append(byte)
  }

  /// The line ended: a character cut short by it is not text.
  public mutating func lineEnd() throws(TextCheckError) {
    if remaining > 0 { throw failure() }
    line &+= 1
    column = 1
    excerpt = TextExcerpt()
  }

  /// Moves past a whole line of printable ASCII, as `content` for each of its bytes
  /// and then `lineEnd` would; called at the start of a line.
  mutating func passASCIILine() {
    line &+= 1
  }

  /// The input ended.
  public func finish() throws(TextCheckError) {
    if remaining > 0 { throw failure() }
  }

  /// The error for the character starting at `lead`: the line up to it.
  func failure() -> TextCheckError {
    var before = excerpt
    if remaining > 0 {
      // Drop the bytes of the character cut short (kept only within the excerpt's limit).
      let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      let stored = excerpt.scalarCount <= TextExcerpt.limit
      before.truncate(
        scalars: excerpt.scalarCount &- 1, bytes: excerpt.byteCount &- (stored ? length &- remaining : 0))
    }
    return TextCheckError(line: line, column: leadColumn, byte: lead, before: before)
  }
}

/// A byte that is not text, where it is.
public struct TextCheckError: Error {
  /// The line, 1-based.
  public let line: Int
  /// The column, 1-based, in characters.
  public let column: Int
  /// The byte: the first of the character that is not UTF-8, or a NUL.
  public let byte: UInt8
  /// The line before it.
  let before: TextExcerpt

  /// Writes what is wrong, without the line and column: "byte 0xE9 is not UTF-8 text
  /// (after '3,'): a binary file, or text in another encoding?".
  public func writeMessage<Sink: TextSink>(to sink: inout Sink) {
    if byte == 0 {
      sink.write("a NUL byte is not text")
    } else {
      sink.write("byte 0x")
      let hex: StaticString = "0123456789ABCDEF"
      sink.append(hex.utf8Start[Int(byte >> 4)])
      sink.append(hex.utf8Start[Int(byte & 0xF)])
      sink.write(" is not UTF-8 text")
    }
    if before.scalarCount > 0 {
      sink.write(" (after ")
      before.writeQuoted(to: &sink)
      sink.write(")")
    }
    sink.write(": a binary file, or text in another encoding?")
  }
}

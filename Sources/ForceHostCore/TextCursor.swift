/// A reading position in the bytes of a text file (UTF-8 that `TextCheck` passed), one
/// Unicode scalar at a time, with the line and column `forcectl` names: LF, CRLF and a
/// lone CR each end a line and read as one "\n" (as `LineSplitter` splits them), and a
/// byte-order mark at the very start is skipped. Columns count scalars, 1-based.
struct TextCursor {
  /// The file.
  let bytes: UnsafeRawBufferPointer
  /// The byte offset of the scalar at the position.
  private(set) var offset = 0
  /// The line of the position, 1-based.
  private(set) var line = 1
  /// The column of the position, 1-based.
  private(set) var column = 1

  /// At the start of `bytes`, past a byte-order mark.
  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { offset = 3 }
  }

  /// At byte `offset` of `bytes`, the start of a scalar; its line and column read as 1.
  init(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
    self.bytes = bytes
    self.offset = offset
  }

  /// Whether the position is past the last scalar.
  var atEnd: Bool { offset >= bytes.count }

  /// The scalar at the position ("\n" for any line end), or nil at the end.
  var scalar: Unicode.Scalar? {
    guard offset < bytes.count else { return nil }
    if bytes[offset] == 0x0D { return "\n" }
    return Unicode.Scalar(TextCursor.decode(bytes, at: offset).value)
  }

  /// Whether the scalar at the position is `scalar`.
  func at(_ scalar: Unicode.Scalar) -> Bool { self.scalar == scalar }

  /// Moves past the scalar at the position (a CRLF is one).
  mutating func advance() {
    guard offset < bytes.count else { return }
    let lead = bytes[offset]
    offset &+= TextCursor.decode(bytes, at: offset).length
    if lead == 0x0D && offset < bytes.count && bytes[offset] == 0x0A { offset &+= 1 }
    if lead == 0x0A || lead == 0x0D {
      line &+= 1
      column = 1
    } else {
      column &+= 1
    }
  }

  /// Moves past spaces, tabs and line ends.
  mutating func skipSpace() {
    while let scalar, scalar == " " || scalar == "\t" || scalar == "\n" { advance() }
  }

  /// The scalar at the position as an excerpt, for "found '…'"; an empty one at the end.
  var found: TextExcerpt {
    var excerpt = TextExcerpt()
    if let scalar { excerpt.append(scalar) }
    return excerpt
  }

  /// The scalar whose UTF-8 starts at `offset` of `bytes` and its length in bytes (a
  /// sequence cut short by the end is read as far as it goes).
  static func decode(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> (value: UInt32, length: Int) {
    let lead = bytes[offset]
    if lead < 0xC0 { return (UInt32(lead), 1) }
    let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    var value = UInt32(lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07))
    for index in offset &+ 1..<min(offset &+ length, bytes.count) { value = value << 6 | UInt32(bytes[index] & 0x3F) }
    return (value, length)
  }
}

extension Unicode.Scalar {
  /// Calls `body` with each byte of the scalar's UTF-8.
  func forEachUTF8Byte(_ body: (UInt8) -> Void) {
    if value < 0x80 { return body(UInt8(value)) }
    if value < 0x800 {
      body(UInt8(0xC0 | value >> 6))
    } else {
      if value < 0x1_0000 {
        body(UInt8(0xE0 | value >> 12))
      } else {
        body(UInt8(0xF0 | value >> 18))
        body(UInt8(0x80 | (value >> 12) & 0x3F))
      }
      body(UInt8(0x80 | (value >> 6) & 0x3F))
    }
    body(UInt8(0x80 | value & 0x3F))
  }
}

extension TextExcerpt {
  /// Appends one scalar, as UTF-8.
  mutating func append(_ scalar: Unicode.Scalar) {
    scalar.forEachUTF8Byte { append($0) }
  }

  /// Whether the whole text (at most `limit` characters) is `bytes`.
  func equals(_ bytes: UnsafeRawBufferPointer) -> Bool {
    scalarCount <= TextExcerpt.limit && withBytes { $0.elementsEqual(bytes) }
  }
}

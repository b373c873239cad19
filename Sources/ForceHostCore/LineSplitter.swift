/// What the bytes of a text file are to the lines read from it (Docs/csv-formats.md,
/// "Line endings"): LF, CRLF and a lone CR all end a line, a UTF-8 byte-order mark at
/// the very start is dropped. The input CSV parser (`InputCSVParser`) and the host's
/// `TextInput` split through here, fed one byte at a time in chunks of any size; the
/// host's `LineReader` splits its blocks by the same rules.
public struct LineSplitter {
  var afterCR = false
  /// Bytes of the byte-order mark matched so far at the start; -1 once past it.
  var bomMatched = 0

  /// Before the first byte.
  public init() {}

  /// Feeds one byte: calls `content` for each byte of a line (possibly bytes held back
  /// while they looked like a byte-order mark) and `lineEnd` at the end of a line.
  public mutating func feed<Lines: LineHandler>(_ byte: UInt8, to lines: inout Lines) throws(Lines.Failure) {
    if bomMatched >= 0 {
      let bom: (UInt8, UInt8, UInt8) = (0xEF, 0xBB, 0xBF)
      let expected = bomMatched == 0 ? bom.0 : bomMatched == 1 ? bom.1 : bom.2
      if byte == expected {
        bomMatched &+= 1
        if bomMatched == 3 { bomMatched = -1 }
        return
      }
      let held = bomMatched
      bomMatched = -1
      if held >= 1 { try lines.content(bom.0) }
      if held >= 2 { try lines.content(bom.1) }
    }
    if byte == 0x0A && afterCR {
      afterCR = false
      return
    }
    afterCR = byte == 0x0D
    if byte == 0x0A || byte == 0x0D {
      try lines.lineEnd()
    } else {
      try lines.content(byte)
    }
  }

  /// Ends the input: returns the bytes held back as a possible byte-order mark.
  public mutating func finish<Lines: LineHandler>(to lines: inout Lines) throws(Lines.Failure) {
    let held = max(0, bomMatched)
    bomMatched = -1
    if held >= 1 { try lines.content(0xEF) }
    if held >= 2 { try lines.content(0xBB) }
  }
}

/// What `LineSplitter` hands the bytes of each line to.
public protocol LineHandler {
  /// What handling a byte can throw.
  associatedtype Failure: Error
  /// One byte of the current line.
  mutating func content(_ byte: UInt8) throws(Failure)
  /// The current line ended (its line end is not passed on).
  mutating func lineEnd() throws(Failure)
}

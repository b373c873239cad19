/// The comma-separated fields of one CSV line, trimmed of spaces and tabs, each with
/// the 1-based column (in characters) where its text starts, for error messages.
struct CSVFields {
  /// The trimmed text of each field.
  private(set) var texts: [String]
  /// Where each field's text starts on the line.
  private(set) var columns: [Int]

  /// The fields of `line`: an ASCII line (a byte is a character, the common case)
  /// split straight from its bytes, any other by characters.
  init(_ line: some StringProtocol) {
    let ascii = line.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.allSatisfy { $0 < 0x80 } ? Self.split(ascii: UnsafeRawBufferPointer(bytes)) : nil
    }
    (texts, columns) = (ascii ?? nil) ?? Self.split(characters: line)
  }

  /// The fields of `line`, split and trimmed by characters whatever the line.
  init(characters line: some StringProtocol) {
    (texts, columns) = Self.split(characters: line)
  }

  private static func split(characters line: some StringProtocol) -> ([String], [Int]) {
    var (texts, columns) = ([String](), [Int]())
    var column = 1
    for field in line.split(separator: ",", omittingEmptySubsequences: false) {
      let leading = field.prefix { $0 == " " || $0 == "\t" }.count
      texts.append(field.trimmingCharacters(in: " \t"))
      columns.append(column + leading)
      column += field.count + 1
    }
    return (texts, columns)
  }

  /// An ASCII line split and trimmed byte by byte, as `split(characters:)` would.
  private static func split(ascii bytes: UnsafeRawBufferPointer) -> ([String], [Int]) {
    func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    var (texts, columns) = ([String](), [Int]())
    let fields = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: ",") ? 1 : 0) }
    texts.reserveCapacity(fields)
    columns.reserveCapacity(fields)
    var start = 0
    while true {
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: ",") { end += 1 }
      var first = start
      var last = end
      while first < last && isSpace(bytes[first]) { first += 1 }
      while last > first && isSpace(bytes[last - 1]) { last -= 1 }
      texts.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[first..<last]), as: UTF8.self))
      columns.append(first + 1)
      if end == bytes.count { return (texts, columns) }
      start = end + 1
    }
  }
}

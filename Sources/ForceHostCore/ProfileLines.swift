import ForceEngine

/// The `NAME=VALUE` form of a parameter file: one assignment a line, `#` to the end of
/// a line a comment, blank lines skipped, spaces and tabs around the name and value.
/// A value is named at its column when its name is known, else at the name's.
enum ProfileLines {
  /// Reads the lines of `file` into `handler`; returns how many values they set.
  static func read<Handler: ProfileHandler>(
    _ file: UnsafeRawBufferPointer, to handler: inout Handler
  ) throws(ProfileError) -> Int {
    var firstLines = FirstLines()
    var count = 0
    var start = TextCursor(file).offset
    var line = 1
    while true {
      var end = start
      while end < file.count && file[end] != 0x0A && file[end] != 0x0D { end &+= 1 }
      if let found = try assignment(file, start, end, line: line) {
        let first = firstLines[found.id]
        if first > 0 {
          throw ProfileError(.givenTwice(found.id, first: first), line: line, column: nameColumn(file, start))
        }
        firstLines[found.id] = line
        handler.assign(found.id, found.value, line: line, column: found.column)
        count &+= 1
      }
      guard end < file.count else { return count }
      start = end &+ (file[end] == 0x0D && end &+ 1 < file.count && file[end &+ 1] == 0x0A ? 2 : 1)
      line &+= 1
    }
  }

  /// The assignment of the line `file[start..<end]` and the column of its value, or
  /// nil for a line with none.
  static func assignment(
    _ file: UnsafeRawBufferPointer, _ start: Int, _ end: Int, line: Int
  ) throws(ProfileError) -> (id: ParameterID, value: Int32, column: Int)? {
    var contentEnd = start
    while contentEnd < end && file[contentEnd] != UInt8(ascii: "#") { contentEnd &+= 1 }
    let trimmed = ParameterSyntax.trimmed(file, start, contentEnd, tabs: true)
    if trimmed.isEmpty { return nil }
    var column = nameColumn(file, start)
    let content = UnsafeRawBufferPointer(rebasing: file[start..<contentEnd])
    if let equals = content.firstIndex(of: UInt8(ascii: "=")),
      ParameterSyntax.known(
        ParameterSyntax.excerpt(ParameterSyntax.trimmed(content, 0, equals, tabs: true)))
        != nil
    {
      // Before the value, all is ASCII: the name, spaces and tabs, '='.
      column = equals &+ 2
      while column &- 1 < content.count && (content[column &- 1] == 0x20 || content[column &- 1] == 0x09) {
        column &+= 1
      }
    }
    do {
      let (id, value) = try ParameterSyntax.parse(trimmed)
      return (id, value, column)
    } catch {
      throw ProfileError(.assignment(error), line: line, column: column)
    }
  }

  /// The column of the first character of the line at `start` that is no space or tab.
  static func nameColumn(_ file: UnsafeRawBufferPointer, _ start: Int) -> Int {
    var offset = start
    while offset < file.count && (file[offset] == 0x20 || file[offset] == 0x09) { offset &+= 1 }
    return offset &- start &+ 1
  }
}

/// The line each parameter was first set on (0: not yet), by its raw value (a UInt8:
/// 256 entries).
struct FirstLines {
  var blocks = (UInt32Block(), UInt32Block(), UInt32Block(), UInt32Block())

  subscript(id: ParameterID) -> Int {
    get { withUnsafeBytes(of: blocks) { Int($0.load(fromByteOffset: Int(id.rawValue) &* 4, as: UInt32.self)) } }
    set {
      withUnsafeMutableBytes(of: &blocks) {
        $0.storeBytes(of: UInt32(truncatingIfNeeded: newValue), toByteOffset: Int(id.rawValue) &* 4, as: UInt32.self)
      }
    }
  }
}

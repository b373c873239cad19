/// The syntax of a parameter file's JSON (Docs/parameters.md, "Parameter files"),
/// checked with the line and column of the first fault: a text that stops early, a
/// stray character, a name given twice in one object (where a general JSON reader
/// would give no place, or let the last value win), more than 32 levels of nesting.
/// Nothing is kept: `JSONMembers` reads the checked text again.
struct JSONCheck {
  var cursor: TextCursor
  var depth = 0

  /// Checks that `file` holds one JSON value and nothing but white space after it.
  static func check(_ file: UnsafeRawBufferPointer) throws(ProfileError) {
    var check = JSONCheck(cursor: TextCursor(file))
    try check.value()
    check.cursor.skipSpace()
    if !check.cursor.atEnd { throw ProfileError(.textAfterEnd, at: check.cursor) }
  }

  mutating func value() throws(ProfileError) {
    cursor.skipSpace()
    guard let scalar = cursor.scalar else { throw ProfileError.unexpected("a value", at: cursor) }
    switch scalar {
    case "{": try object()
    case "[": try array()
    case "\"": try string()
    case "-", "0"..."9": try number()
    default:
      guard take("true") || take("false") || take("null") else {
        throw ProfileError.unexpected("a value (a number, a \"string\" or an {object})", at: cursor)
      }
    }
  }

  /// Moves past `word` when it is at the position.
  mutating func take(_ word: StaticString) -> Bool {
    var ahead = cursor
    for index in 0..<word.utf8CodeUnitCount {
      guard ahead.at(Unicode.Scalar(word.utf8Start[index])) else { return false }
      ahead.advance()
    }
    cursor = ahead
    return true
  }

  mutating func nest() throws(ProfileError) {
    depth &+= 1
    if depth > 32 { throw ProfileError(.nestsTooDeep, at: cursor) }
  }

  mutating func object() throws(ProfileError) {
    try nest()
    defer { depth &-= 1 }
    let start = cursor
    cursor.advance()  // {
    cursor.skipSpace()
    if cursor.at("}") { return cursor.advance() }
    var first = true
    while true {
      cursor.skipSpace()
      guard cursor.at("\"") else {
        throw ProfileError.unexpected(first ? "a \"name\" or '}'" : "a \"name\"", at: cursor)
      }
      first = false
      let name = cursor
      try string()
      try unique(name, in: start)
      cursor.skipSpace()
      guard cursor.at(":") else { throw ProfileError.unexpected("':' after the name", at: cursor) }
      cursor.advance()
      try value()
      cursor.skipSpace()
      guard cursor.at("}") || cursor.at(",") else { throw ProfileError.unexpected("',' or '}'", at: cursor) }
      if cursor.at("}") { return cursor.advance() }
      cursor.advance()
    }
  }

  /// Refuses the name at `name` when an earlier member of the object at `object` has it.
  func unique(_ name: TextCursor, in object: TextCursor) throws(ProfileError) {
    var members = JSONMembers(object)
    while let earlier = members.nextName(), earlier.offset != name.offset {
      if JSONString.compare(earlier, name) == 0 {
        throw ProfileError(.nameTwice(first: earlier.line), at: name)
      }
    }
  }

  mutating func array() throws(ProfileError) {
    try nest()
    defer { depth &-= 1 }
    cursor.advance()  // [
    cursor.skipSpace()
    if cursor.at("]") { return cursor.advance() }
    while true {
      try value()
      cursor.skipSpace()
      guard cursor.at("]") || cursor.at(",") else { throw ProfileError.unexpected("',' or ']'", at: cursor) }
      if cursor.at("]") { return cursor.advance() }
      cursor.advance()
    }
  }

  mutating func string() throws(ProfileError) {
    var string = JSONString(at: cursor)
    while try string.next() != nil {}
    cursor = string.cursor
  }

  /// A number as JSON writes it: `-`, digits, then an optional fraction and exponent.
  mutating func number() throws(ProfileError) {
    if cursor.at("-") { cursor.advance() }
    try digits("a digit")
    if cursor.at(".") {
      cursor.advance()
      try digits("a digit after '.'")
    }
    if cursor.at("e") || cursor.at("E") {
      cursor.advance()
      if cursor.at("+") || cursor.at("-") { cursor.advance() }
      try digits("a digit in the exponent")
    }
  }

  /// One or more digits, else an error expecting `expected`.
  mutating func digits(_ expected: StaticString) throws(ProfileError) {
    guard isDigit else { throw ProfileError.unexpected(expected, at: cursor) }
    while isDigit { cursor.advance() }
  }

  var isDigit: Bool {
    guard let scalar = cursor.scalar else { return false }
    return scalar >= "0" && scalar <= "9"
  }
}

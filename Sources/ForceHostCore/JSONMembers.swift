/// The members of an object of JSON that `JSONCheck` passed, in file order, read
/// again from the text: each name (`nextName`), and its value when asked (`value`).
struct JSONMembers {
  private var cursor: TextCursor
  /// The cursor is at the name `nextName` returned last.
  private var atName = false
  /// The cursor is at the value of that member.
  private var atValue = false

  /// The members of the object whose `{` is at `object`.
  init(_ object: TextCursor) {
    cursor = object
    cursor.advance()
  }

  /// The next member's name (at its opening quote), or nil past the last member.
  mutating func nextName() -> TextCursor? {
    if atName { _ = value() }
    if atValue { Self.skipValue(&cursor) }
    atValue = false
    cursor.skipSpace()
    if cursor.at(",") {
      cursor.advance()
      cursor.skipSpace()
    }
    atName = cursor.at("\"")
    return atName ? cursor : nil
  }

  /// The value of the member `nextName` returned last (at its first character).
  mutating func value() -> TextCursor {
    if atName {
      Self.skipString(&cursor)
      cursor.skipSpace()
      cursor.advance()  // :
      cursor.skipSpace()
      atName = false
      atValue = true
    }
    return cursor
  }

  /// The value of the member called `name` (UTF-8, at most `TextExcerpt.limit`
  /// characters), if any.
  static func member(_ name: UnsafeRawBufferPointer, of object: TextCursor) -> TextCursor? {
    var members = JSONMembers(object)
    while let found = members.nextName() {
      if JSONString.excerpt(at: found).equals(name) { return members.value() }
    }
    return nil
  }

  /// The value of the member called `name`, if any.
  static func member(_ name: StaticString, of object: TextCursor) -> TextCursor? { member(name.bytes, of: object) }

  /// Moves past the checked string at `cursor`.
  static func skipString(_ cursor: inout TextCursor) {
    cursor.advance()
    while let scalar = cursor.scalar, scalar != "\"" {
      if scalar == "\\" { cursor.advance() }
      cursor.advance()
    }
    cursor.advance()
  }

  /// Moves past the checked value at `cursor`.
  static func skipValue(_ cursor: inout TextCursor) {
    guard let first = cursor.scalar else { return }
    if first == "\"" { return skipString(&cursor) }
    guard first == "{" || first == "[" else {
      while let scalar = cursor.scalar, scalar != ",", scalar != "}", scalar != "]", scalar != " ", scalar != "\t",
        scalar != "\n"
      {
        cursor.advance()
      }
      return
    }
    var depth = 0
    repeat {
      switch cursor.scalar {
      case "\"": skipString(&cursor)
      case "{", "[":
        depth &+= 1
        cursor.advance()
      case "}", "]":
        depth &-= 1
        cursor.advance()
      default: cursor.advance()
      }
    } while depth > 0 && !cursor.atEnd
  }
}

/// The scalars of a JSON string in a parameter file, escapes decoded, read from its
/// opening quote without a copy. A UTF-16 surrogate pair (`\uD83D\uDE00`) is one scalar;
/// a lone surrogate reads as U+FFFD.
struct JSONString {
  /// Where reading has got to: past the closing quote once `next` has returned nil.
  private(set) var cursor: TextCursor

  /// The string whose opening quote is at `start`.
  init(at start: TextCursor) {
    cursor = start
    cursor.advance()
  }

  /// The next scalar, or nil past the closing quote. Throws where the string is not JSON.
  mutating func next() throws(ProfileError) -> Unicode.Scalar? {
    guard let scalar = cursor.scalar else { throw ProfileError.unexpected("'\"' to end the string", at: cursor) }
    if scalar == "\"" {
      cursor.advance()
      return nil
    }
    if scalar.value < 0x20 { throw ProfileError(.controlInString, at: cursor) }
    cursor.advance()
    guard scalar == "\\" else { return scalar }
    guard let escape = cursor.scalar else { throw ProfileError.unexpected("an escape after '\\'", at: cursor) }
    let decoded: Unicode.Scalar
    switch escape {
    case "\"", "\\", "/": decoded = escape
    case "b": decoded = "\u{08}"
    case "f": decoded = "\u{0C}"
    case "n": decoded = "\n"
    case "r": decoded = "\r"
    case "t": decoded = "\t"
    case "u":
      cursor.advance()
      var code = try hex4()
      if code >= 0xD800 && code < 0xDC00 && startsEscape() {
        cursor.advance()
        cursor.advance()
        let low = try hex4()
        if low >= 0xDC00 && low < 0xE000 { code = 0x10000 &+ ((code &- 0xD800) << 10) &+ (low &- 0xDC00) }
      }
      return Unicode.Scalar(code) ?? "\u{FFFD}"
    default: throw ProfileError(.notAnEscape, at: cursor)
    }
    cursor.advance()
    return decoded
  }

  /// The next scalar of a string the parser has checked.
  mutating func nextChecked() -> Unicode.Scalar? { (try? next()) ?? nil }

  /// Whether `\u` follows.
  private func startsEscape() -> Bool {
    var ahead = cursor
    guard ahead.at("\\") else { return false }
    ahead.advance()
    return ahead.at("u")
  }

  private mutating func hex4() throws(ProfileError) -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard let scalar = cursor.scalar, let digit = Self.hexDigit(scalar) else {
        throw ProfileError.unexpected("four hex digits after \\u", at: cursor)
      }
      code = code &* 16 &+ digit
      cursor.advance()
    }
    return code
  }

  static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar {
    case "0"..."9": return scalar.value &- 0x30
    case "a"..."f": return scalar.value &- 0x61 &+ 10
    case "A"..."F": return scalar.value &- 0x41 &+ 10
    default: return nil
    }
  }

  /// The decoded text of the checked string at `start`, for a message or a look-up.
  static func excerpt(at start: TextCursor) -> TextExcerpt {
    var string = JSONString(at: start)
    var excerpt = TextExcerpt()
    while let scalar = string.nextChecked() { excerpt.append(scalar) }
    return excerpt
  }

  /// The order of the checked strings at `a` and `b` by their scalars: -1, 0 or 1.
  static func compare(_ a: TextCursor, _ b: TextCursor) -> Int {
    var first = JSONString(at: a)
    var second = JSONString(at: b)
    while true {
      switch (first.nextChecked(), second.nextChecked()) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let x?, let y?): if x != y { return x.value < y.value ? -1 : 1 }
      }
    }
  }
}

/// What a JSON value is, for "expected …, found …".
enum JSONKind {
  case object, array, string, number, yes, no, null

  /// The kind of the (checked) value at `cursor`.
  init(at cursor: TextCursor) {
    switch cursor.scalar {
    case "{": self = .object
    case "[": self = .array
    case "\"": self = .string
    case "t": self = .yes
    case "f": self = .no
    case "n": self = .null
    default: self = .number
    }
  }

  /// "an object", "a number", "true", …
  var text: StaticString {
    switch self {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .yes: "true"
    case .no: "false"
    case .null: "null"
    }
  }
}

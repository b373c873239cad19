/// The JSON of a parameter file (Docs/parameters.md, "Parameter files"), read with the
/// line and column of every value: a text that stops early, a stray character or a
/// name given twice in one object is refused there, where a general JSON reader would
/// give no place or let the last value win.
struct ParameterJSON {
  /// A value and where it starts.
  struct Located {
    var value: Value
    var line: Int
    var column: Int

    /// "line L, column C: " for a message about this value.
    var place: String { "line \(line), column \(column): " }
  }

  /// A member of an object: its name, where the name starts, its value.
  struct Member {
    var name: String
    var line: Int
    var column: Int
    var value: Located

    /// "line L, column C: " for a message about the name.
    var place: String { "line \(line), column \(column): " }
  }

  /// A JSON value; an object's members in file order.
  enum Value {
    case object([Member])
    case array
    case string(String)
    /// The number's text as written.
    case number(String)
    case literal(String)

    /// What the value is, for "expected …, found …".
    var kind: String {
      switch self {
      case .object: "an object"
      case .array: "an array"
      case .string: "a string"
      case .number: "a number"
      case .literal(let word): word
      }
    }
  }

  private let scalars: [Unicode.Scalar]
  private var index = 0
  private var line = 1
  private var column = 1
  private var depth = 0

  private init(_ text: String) { scalars = Array(text.unicodeScalars) }

  /// The one JSON value of `text`, nothing but white space after it.
  static func parse(_ text: String) throws(ParameterInputError) -> Located {
    var reader = ParameterJSON(text)
    let value = try reader.value()
    reader.skipSpace()
    if reader.index < reader.scalars.count {
      throw reader.failure("text after the end of the JSON object, found \(reader.found)")
    }
    return value
  }

  private func failure(_ message: String) -> ParameterInputError {
    ParameterInputError("line \(line), column \(column): \(message)")
  }

  /// The character at the reading position, quoted, or "the end of the file".
  private var found: String {
    index < scalars.count ? TextInput.quoted(String(Character(scalars[index]))) : "the end of the file"
  }

  /// An error for the character at the reading position: "the file ends …" at the end.
  private func unexpected(_ expected: String) -> ParameterInputError {
    if index >= scalars.count {
      return failure("the file ends inside the JSON (it is cut short?): expected \(expected)")
    }
    return failure("expected \(expected), found \(found)")
  }

  private mutating func advance() {
    if scalars[index] == "\n" {
      line += 1
      column = 1
    } else {
      column += 1
    }
    index += 1
  }

  private mutating func skipSpace() {
    while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { advance() }
  }

  private mutating func value() throws(ParameterInputError) -> Located {
    skipSpace()
    let start = (line: line, column: column)
    func located(_ value: Value) -> Located { Located(value: value, line: start.line, column: start.column) }
    guard index < scalars.count else { throw unexpected("a value") }
    switch scalars[index] {
    case "{": return located(try object())
    case "[": return located(try array())
    case "\"": return located(.string(try string()))
    case "-", "0"..."9": return located(.number(try number()))
    default:
      for word in ["true", "false", "null"] where matches(word) {
        for _ in word.unicodeScalars { advance() }
        return located(.literal(word))
      }
      throw unexpected("a value (a number, a \"string\" or an {object})")
    }
  }

  private func matches(_ word: String) -> Bool {
    let letters = Array(word.unicodeScalars)
    return index + letters.count <= scalars.count && Array(scalars[index..<index + letters.count]) == letters
  }

  private mutating func nest() throws(ParameterInputError) {
    depth += 1
    if depth > 32 { throw failure("the JSON nests more than 32 deep") }
  }

  private mutating func object() throws(ParameterInputError) -> Value {
    try nest()
    defer { depth -= 1 }
    advance()  // {
    var members: [Member] = []
    var lines: [String: Int] = [:]
    skipSpace()
    if index < scalars.count, scalars[index] == "}" {
      advance()
      return .object(members)
    }
    while true {
      skipSpace()
      guard index < scalars.count, scalars[index] == "\"" else {
        throw unexpected(members.isEmpty ? "a \"name\" or '}'" : "a \"name\"")
      }
      let nameLine = line
      let nameColumn = column
      let name = try string()
      if let first = lines[name] {
        throw ParameterInputError(
          "line \(nameLine), column \(nameColumn): \(TextInput.quoted(name)) is given twice (first on line \(first))")
      }
      lines[name] = nameLine
      skipSpace()
      guard index < scalars.count, scalars[index] == ":" else { throw unexpected("':' after the name") }
      advance()
      members.append(Member(name: name, line: nameLine, column: nameColumn, value: try value()))
      skipSpace()
      guard index < scalars.count else { throw unexpected("',' or '}'") }
      if scalars[index] == "}" {
        advance()
        return .object(members)
      }
      guard scalars[index] == "," else { throw unexpected("',' or '}'") }
      advance()
    }
  }

  private mutating func array() throws(ParameterInputError) -> Value {
    try nest()
    defer { depth -= 1 }
    advance()  // [
    skipSpace()
    if index < scalars.count, scalars[index] == "]" {
      advance()
      return .array
    }
    while true {
      _ = try value()
      skipSpace()
      guard index < scalars.count else { throw unexpected("',' or ']'") }
      if scalars[index] == "]" {
        advance()
        return .array
      }
      guard scalars[index] == "," else { throw unexpected("',' or ']'") }
      advance()
    }
  }

  private mutating func string() throws(ParameterInputError) -> String {
    advance()  // "
    var text = String.UnicodeScalarView()
    while true {
      guard index < scalars.count else { throw unexpected("'\"' to end the string") }
      let scalar = scalars[index]
      if scalar == "\"" {
        advance()
        return String(text)
      }
      if scalar.value < 0x20 { throw failure("\(found) inside a string: write it as an escape such as \\n") }
      advance()
      guard scalar == "\\" else {
        text.append(scalar)
        continue
      }
      guard index < scalars.count else { throw unexpected("an escape after '\\'") }
      let escape = scalars[index]
      switch escape {
      case "\"", "\\", "/": text.append(escape)
      case "b": text.append("\u{08}")
      case "f": text.append("\u{0C}")
      case "n": text.append("\n")
      case "r": text.append("\r")
      case "t": text.append("\t")
      case "u":
        advance()
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code), matches("\\u") {
          advance()
          advance()
          let low = try hex4()
          if (0xDC00..<0xE000).contains(low) { code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) }
        }
        text.append(Unicode.Scalar(code) ?? "\u{FFFD}")
        continue
      default: throw failure("\(found) is not an escape: use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX")
      }
      advance()
    }
  }

  private mutating func hex4() throws(ParameterInputError) -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard index < scalars.count, let digit = Int(String(Character(scalars[index])), radix: 16) else {
        throw unexpected("four hex digits after \\u")
      }
      code = code * 16 + UInt32(digit)
      advance()
    }
    return code
  }

  /// A number as JSON writes it: `-`, digits, then an optional fraction and exponent.
  private mutating func number() throws(ParameterInputError) -> String {
    var text = ""
    func isDigit() -> Bool { index < scalars.count && ("0"..."9").contains(scalars[index]) }
    /// Takes the scalar at the reading position when `accepted` holds for it.
    func take(if accepted: (Unicode.Scalar) -> Bool) -> Bool {
      guard index < scalars.count, accepted(scalars[index]) else { return false }
      text.unicodeScalars.append(scalars[index])
      advance()
      return true
    }
    /// One or more digits, else an error naming `place`.
    func digits(_ place: String) throws(ParameterInputError) {
      guard isDigit() else { throw unexpected("a digit\(place)") }
      while take(if: { ("0"..."9").contains($0) }) {}
    }
    _ = take { $0 == "-" }
    try digits("")
    if take(if: { $0 == "." }) { try digits(" after '.'") }
    if take(if: { $0 == "e" || $0 == "E" }) {
      _ = take { $0 == "+" || $0 == "-" }
      try digits(" in the exponent")
    }
    return text
  }
}

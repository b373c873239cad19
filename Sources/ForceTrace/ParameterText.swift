import ForceEngine
import ForceHostCore

/// A problem with a parameter given on the command line or in a file.
public struct ParameterInputError: Error, CustomStringConvertible, Equatable {
  /// The message, naming the parameter and the rule.
  public let description: String
  /// The parameter the engine refused, for an engine-side rejection.
  public let parameter: ParameterID?

  /// Creates an error.
  public init(_ description: String) {
    self.description = description
    parameter = nil
  }

  /// The message for an engine-side rejection.
  public init(_ error: ParameterError) {
    parameter = error.parameter
    var text = TextBuffer()
    ErrorReplyText.writeRefusal(error.parameter, value: error.value, rule: error.rule, to: &text)
    description = text.string
  }
}

/// One value a parameter file sets, with the line and column where it is written.
public struct FileAssignment: Equatable, Sendable {
  /// The parameter.
  public var id: ParameterID
  /// Its value.
  public var value: Int32
  /// The line of the value, 1-based.
  public var line: Int
  /// The column of the value, 1-based, in characters.
  public var column: Int

  /// Creates an assignment.
  public init(id: ParameterID, value: Int32, line: Int, column: Int) {
    self.id = id
    self.value = value
    self.line = line
    self.column = column
  }
}

/// Host-side text forms of parameters: `NAME=VALUE`, names and enum symbols, and
/// the JSON parameter file used by `--profile`, `params export` and `params import`.
public enum ParameterText {
  /// All parameter IDs in layout order.
  public static var allIDs: [ParameterID] { (0..<ParameterID.count).map { ParameterID.at($0)! } }

  /// The public name of a parameter.
  public static func name(_ id: ParameterID) -> String { String(describing: id.info.name) }

  /// The parameter called `name`.
  public static func id(named name: String) throws(ParameterInputError) -> ParameterID {
    let found = Array(name.utf8).withUnsafeBytes { ParameterID.named($0) }
    guard let found else {
      let hint = Suggestion.hint(for: name, among: allIDs.map(Self.name))
      throw ParameterInputError(
        "unknown parameter \(TextInput.quoted(name))\(hint.isEmpty ? " (see `forcectl params list` or Docs/parameters.md)" : hint)"
      )
    }
    return found
  }

  /// A value as text: the symbol for enum parameters, the number otherwise.
  public static func format(_ value: Int32, of id: ParameterID) -> String {
    if let symbol = id.symbol(for: value) { return String(describing: symbol) }
    return String(value)
  }

  /// Parses a value for `id`: a whole number, or a symbol such as `pulse` or `firm`.
  public static func value(_ text: String, for id: ParameterID) throws(ParameterInputError) -> Int32 {
    if let number = Int32(text) { return number }
    let symbolic = Array(text.utf8).withUnsafeBytes { id.value(forSymbol: $0) }
    if let symbolic { return symbolic }
    if id == .technique || id == .sensitivity {
      let choices = (0...id.info.max).map { format($0, of: id) }
      throw ParameterInputError(
        "\(name(id)): \(TextInput.quoted(text)) is not one of \(choices.joined(separator: ", "))")
    }
    let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : text[...]
    if !digits.isEmpty && digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
      throw ParameterInputError(
        "\(name(id)): \(TextInput.quoted(text)) is out of range \(id.info.min)...\(id.info.max)")
    }
    throw ParameterInputError("\(name(id)): \(TextInput.quoted(text)) is not a whole number")
  }

  /// Parses `NAME=VALUE`.
  public static func assignment(_ text: String) throws(ParameterInputError) -> (ParameterID, Int32) {
    guard let equals = text.firstIndex(of: "=") else {
      throw ParameterInputError("\(TextInput.quoted(text)) is not NAME=VALUE")
    }
    let id = try id(named: String(text[..<equals]).trimmingCharacters(in: " "))
    return (id, try value(String(text[text.index(after: equals)...]).trimmingCharacters(in: " "), for: id))
  }

  /// `base` with every assignment applied at once: all or nothing.
  public static func applying(
    _ assignments: [(ParameterID, Int32)], to base: Parameters
  ) throws(ParameterInputError) -> Parameters {
    var candidate = base
    do {
      try candidate.set(assignments)
    } catch {
      throw ParameterInputError(error)
    }
    return candidate
  }

  // MARK: JSON parameter file

  /// The JSON file form: the schema it was written for and every value by name.
  public static func json(_ parameters: Parameters) -> String {
    var lines: [String] = []
    lines.append("{")
    lines.append("  \"format\": \"forcepicker-parameters\",")
    lines.append("  \"layout_version\": \(Parameters.layoutVersion),")
    lines.append("  \"schema_hash\": \"\(hex(Parameters.schemaHash))\",")
    lines.append("  \"parameters\": {")
    let ids = allIDs
    for (index, id) in ids.enumerated() {
      let value = parameters[id]
      let text = id.symbol(for: value).map { "\"\(String(describing: $0))\"" } ?? String(value)
      lines.append("    \"\(name(id))\": \(text)\(index + 1 < ids.count ? "," : "")")
    }
    lines.append("  }")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `0x` and eight hex digits.
  public static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
  }

  /// The value `format` must have in the JSON form.
  public static let jsonFormat = "forcepicker-parameters"

  /// Reads a parameter file: the JSON form above (every key optional but known), or
  /// `NAME=VALUE` lines with `#` comments. Returns the assignments in file order.
  public static func assignments(inFile text: String) throws(ParameterInputError) -> [(ParameterID, Int32)] {
    try locatedAssignments(inFile: text).map { ($0.id, $0.value) }
  }

  /// `assignments(inFile:)` with the line and column of each value. A file that sets
  /// nothing (empty, only comments, an empty `parameters` object) and a parameter given
  /// twice are refused.
  public static func locatedAssignments(inFile text: String) throws(ParameterInputError) -> [FileAssignment] {
    let result: [FileAssignment]
    if text.trimmingCharacters(in: " \n\t\r").hasPrefix("{") {
      result = try jsonAssignments(text)
    } else {
      result = try lineAssignments(text)
    }
    if result.isEmpty {
      let what =
        text.trimmingCharacters(in: " \n\t\r").isEmpty
        ? "the file is empty" : "the file sets no parameters"
      throw ParameterInputError(
        "\(what): expected the JSON of `forcectl params export` or NAME=VALUE lines (Docs/parameters.md)")
    }
    return result
  }

  static func lineAssignments(_ text: String) throws(ParameterInputError) -> [FileAssignment] {
    var result: [FileAssignment] = []
    var lines: [ParameterID: Int] = [:]
    for (number, line) in TextInput.lines(text).enumerated() {
      let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let trimmed = content.trimmingCharacters(in: " \t\r")
      if trimmed.isEmpty { continue }
      // The column of the value when the name was fine, else of the name.
      let nameColumn = content.prefix { $0 == " " || $0 == "\t" }.count + 1
      var column = nameColumn
      if let equals = content.firstIndex(of: "="),
        (try? id(named: content[..<equals].trimmingCharacters(in: " \t"))) != nil
      {
        let value = content[content.index(after: equals)...]
        column =
          content.distance(from: content.startIndex, to: value.startIndex) + 1
          + value.prefix { $0 == " " || $0 == "\t" }.count
      }
      let parsed: (ParameterID, Int32)
      do {
        parsed = try assignment(trimmed)
      } catch {
        throw ParameterInputError("line \(number + 1), column \(column): \(error.description)")
      }
      if let first = lines[parsed.0] {
        throw ParameterInputError(
          "line \(number + 1), column \(nameColumn): \(name(parsed.0)) is given twice (first on line \(first))")
      }
      lines[parsed.0] = number + 1
      result.append(FileAssignment(id: parsed.0, value: parsed.1, line: number + 1, column: column))
    }
    return result
  }

  static func jsonAssignments(_ text: String) throws(ParameterInputError) -> [FileAssignment] {
    let root = try ParameterJSON.parse(text)
    guard case .object(let members) = root.value else {
      throw ParameterInputError("\(root.place)expected a JSON object, found \(root.value.kind)")
    }
    let keys = ["format", "layout_version", "schema_hash", "parameters"]
    if let unknown = members.first(where: { !keys.contains($0.name) }) {
      throw ParameterInputError(
        "\(unknown.place)unknown key \(TextInput.quoted(unknown.name))"
          + "\(Suggestion.hint(for: unknown.name, among: keys)); a parameter file has \(keys.joined(separator: ", "))")
    }
    func member(_ name: String) -> ParameterJSON.Located? { members.first { $0.name == name }?.value }
    if let format = member("format") {
      guard case .string(let text) = format.value, text == jsonFormat else {
        let found: String
        if case .string(let text) = format.value { found = TextInput.quoted(text) } else { found = format.value.kind }
        throw ParameterInputError(
          "\(format.place)\"format\" is \(found); a parameter file's is \"\(jsonFormat)\"")
      }
    }
    if let layout = member("layout_version") {
      guard case .number(let text) = layout.value, let number = Int(text) else {
        throw ParameterInputError("\(layout.place)\"layout_version\" must be a whole number")
      }
      if number != Int(Parameters.layoutVersion) {
        throw ParameterInputError(
          "\(layout.place)parameter file has layout_version \(number); this build uses \(Parameters.layoutVersion)")
      }
    }
    guard let parameters = member("parameters") else {
      throw ParameterInputError("parameter file: no \"parameters\" object")
    }
    guard case .object(let values) = parameters.value else {
      throw ParameterInputError("\(parameters.place)\"parameters\" must be an object, found \(parameters.value.kind)")
    }
    if let hash = member("schema_hash") {
      guard case .string(let text) = hash.value else {
        throw ParameterInputError(
          "\(hash.place)\"schema_hash\" must be a string such as \"\(hex(Parameters.schemaHash))\"")
      }
      if text.lowercased() != hex(Parameters.schemaHash) {
        throw ParameterInputError(schemaDifference(hash: text, names: Set(values.map(\.name))))
      }
    }
    var result: [FileAssignment] = []
    for member in values {
      let (key, located) = (member.name, member.value)
      let id: ParameterID
      do { id = try self.id(named: key) } catch {
        throw ParameterInputError("\(member.place)\(error.description)")
      }
      let number: Int32
      switch located.value {
      case .number(let text):
        guard let whole = Int64(text) else {
          let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
          throw ParameterInputError(
            "\(located.place)\(key): \(text) is not "
              + (digits.allSatisfy(\.isNumber) ? "a 32-bit whole number" : "a whole number"))
        }
        guard let exact = Int32(exactly: whole) else {
          throw ParameterInputError("\(located.place)\(key): \(text) is not a 32-bit whole number")
        }
        number = exact
      case .string(let symbol):
        do { number = try value(symbol, for: id) } catch {
          throw ParameterInputError("\(located.place)\(error.description)")
        }
      default:
        throw ParameterInputError("\(located.place)\(key): expected a number or a name, found \(located.value.kind)")
      }
      result.append(FileAssignment(id: id, value: number, line: located.line, column: located.column))
    }
    return result
  }

  /// What differs when a file's schema hash is not this build's.
  static func schemaDifference(hash: String, names: Set<String>) -> String {
    let known = Set(allIDs.map(name))
    var parts = [
      "parameter file was written for schema \(TextInput.quoted(hash)); this build uses \(hex(Parameters.schemaHash))"
    ]
    let unknown = names.subtracting(known).sorted().map { TextInput.quoted($0) }
    let missing = known.subtracting(names).sorted()
    if !unknown.isEmpty { parts.append("unknown here: \(unknown.joined(separator: ", "))") }
    if !missing.isEmpty { parts.append("missing from the file: \(missing.joined(separator: ", "))") }
    if unknown.isEmpty && missing.isEmpty { parts.append("same names, so some range, default or meaning changed") }
    return parts.joined(separator: "; ") + "; re-export it with `forcectl params export`"
  }
}

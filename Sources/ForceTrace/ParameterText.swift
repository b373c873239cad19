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
    do { return try ParameterSyntax.id(named: TextExcerpt(name)) } catch { throw ParameterInputError(error) }
  }

  /// A value as text: the symbol for enum parameters, the number otherwise.
  public static func format(_ value: Int32, of id: ParameterID) -> String {
    if let symbol = id.symbol(for: value) { return String(describing: symbol) }
    return String(value)
  }

  /// Parses a value for `id`: a whole number, or a symbol such as `pulse` or `firm`.
  public static func value(_ text: String, for id: ParameterID) throws(ParameterInputError) -> Int32 {
    var value = ParameterValueText()
    for byte in text.utf8 { value.append(byte) }
    do { return try value.value(for: id) } catch { throw ParameterInputError(error) }
  }

  /// Parses `NAME=VALUE`.
  public static func assignment(_ text: String) throws(ParameterInputError) -> (ParameterID, Int32) {
    let parsed = Array(text.utf8).withUnsafeBytes { bytes in
      Result { () throws(ParameterTextError) in try ParameterSyntax.parse(bytes) }
    }
    do { return try parsed.get() } catch { throw ParameterInputError(error) }
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
    var text = TextBuffer()
    ProfileFile.writeHex(value, to: &text)
    return text.string
  }

  /// The value `format` must have in the JSON form.
  public static let jsonFormat = "\(ProfileFile.format)"

  /// Reads a parameter file: the JSON form above (every key optional but known), or
  /// `NAME=VALUE` lines with `#` comments. Returns the assignments in file order.
  public static func assignments(inFile text: String) throws(ParameterInputError) -> [(ParameterID, Int32)] {
    try locatedAssignments(inFile: text).map { ($0.id, $0.value) }
  }

  /// `assignments(inFile:)` with the line and column of each value. A file that sets
  /// nothing (empty, only comments, an empty `parameters` object) and a parameter given
  /// twice are refused. Read by ForceHostCore's `ProfileFile`, as the page reads it.
  public static func locatedAssignments(inFile text: String) throws(ParameterInputError) -> [FileAssignment] {
    var read = FileAssignments()
    let refusal = Array(text.utf8).withUnsafeBytes { file -> ParameterInputError? in
      do throws(ProfileError) {
        try ProfileFile.read(file, to: &read)
        return nil
      } catch {
        var message = TextBuffer()
        error.write(file: file, to: &message)
        return ParameterInputError(message.string)
      }
    }
    if let refusal { throw refusal }
    return read.list
  }
}

/// The values of a parameter file, as `ProfileFile` hands them over.
private struct FileAssignments: ProfileHandler {
  var list: [FileAssignment] = []

  mutating func assign(_ id: ParameterID, _ value: Int32, line: Int, column: Int) {
    list.append(FileAssignment(id: id, value: value, line: line, column: column))
  }
}

extension ParameterInputError {
  /// The error for a name or value ForceHostCore refused, in its words.
  init(_ error: ParameterTextError) {
    var message = TextBuffer()
    error.write(to: &message)
    self.init(message.string)
  }
}

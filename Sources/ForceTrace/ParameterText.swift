import ForceEngine
import Foundation

/// A problem with a parameter given on the command line or in a file.
public struct ParameterInputError: Error, CustomStringConvertible, Equatable {
  /// The message, naming the parameter and the rule.
  public let description: String

  /// Creates an error.
  public init(_ description: String) { self.description = description }

  /// The message for an engine-side rejection.
  public init(_ error: ParameterError) {
    let info = error.parameter.info
    if error.rule == .outOfRange {
      description = "\(info.name): \(error.value) is outside \(info.min)...\(info.max)"
    } else {
      description = "\(info.name): \(error.value) breaks the rule \(error.rule.text)"
    }
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

  /// Reads a parameter file: the JSON form above (every key optional but known), or
  /// `NAME=VALUE` lines with `#` comments. Returns the assignments in file order.
  public static func assignments(inFile text: String) throws(ParameterInputError) -> [(ParameterID, Int32)] {
    if text.trimmingCharacters(in: " \n\t\r").hasPrefix("{") {
      return try jsonAssignments(text)
    }
    var result: [(ParameterID, Int32)] = []
    for (number, line) in TextInput.lines(text).enumerated() {
      let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let trimmed = content.trimmingCharacters(in: " \t\r")
      if trimmed.isEmpty { continue }
      do {
        result.append(try assignment(trimmed))
      } catch {
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
        throw ParameterInputError("line \(number + 1), column \(column): \(error.description)")
      }
    }
    return result
  }

  static func jsonAssignments(_ text: String) throws(ParameterInputError) -> [(ParameterID, Int32)] {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    } catch {
      throw ParameterInputError("parameter file is not valid JSON")
    }
    guard let root = object as? [String: Any] else {
      throw ParameterInputError("parameter file: expected a JSON object")
    }
    if let layout = root["layout_version"] as? Int, layout != Int(Parameters.layoutVersion) {
      throw ParameterInputError(
        "parameter file has layout_version \(layout); this build uses \(Parameters.layoutVersion)")
    }
    guard let values = root["parameters"] as? [String: Any] else {
      throw ParameterInputError("parameter file: no \"parameters\" object")
    }
    if let hash = root["schema_hash"] as? String, hash.lowercased() != hex(Parameters.schemaHash) {
      throw ParameterInputError(schemaDifference(hash: hash, names: Set(values.keys)))
    }
    var result: [(ParameterID, Int32)] = []
    for key in values.keys.sorted() {
      let id = try id(named: key)
      switch values[key] {
      case let number as Int:
        guard let exact = Int32(exactly: number) else {
          throw ParameterInputError("\(key): \(number) is not a 32-bit whole number")
        }
        result.append((id, exact))
      case let symbol as String:
        result.append((id, try value(symbol, for: id)))
      default:
        throw ParameterInputError("\(key): expected a number or a name")
      }
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

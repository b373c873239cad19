import ForceProtocol

/// A message's table in Protocol.md (offset, field, type, meaning), written from its
/// declaration (`ProtocolFields.fields`): a packed part is one row, derived values
/// are not on the wire. After a text field the offsets count its bytes by name:
/// `17 + board`.
struct MessageTable: FieldVisitor {
  var rows = ["| offset | field | type | meaning |", "|---|---|---|---|"]
  var fixed = 0
  var texts: [String] = []

  /// The table of `M`'s fields.
  static func markdown<M: ProtocolFields>(_: M.Type) -> String {
    var message = M()
    var table = MessageTable()
    try? message.fields(&table)
    return table.rows.joined(separator: "\n")
  }

  mutating func row(_ name: StaticString, _ type: String, _ size: Int, _ meaning: StaticString) {
    let offset = ([String(fixed)] + texts).joined(separator: " + ")
    rows.append("| \(offset) | \(name) | \(type) | \(meaning) |".replacingOccurrences(of: "|  |", with: "| |"))
    fixed += size
  }

  mutating func u8(_ value: inout UInt8, _ name: StaticString, _ meaning: StaticString) {
    row(name, "u8", 1, meaning)
  }
  mutating func u16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString) {
    row(name, "u16", 2, meaning)
  }
  mutating func u32(_ value: inout UInt32, _ name: StaticString, _ meaning: StaticString) {
    row(name, "u32", 4, meaning)
  }
  mutating func i16(_ value: inout Int16, _ name: StaticString, _ meaning: StaticString) {
    row(name, "i16", 2, meaning)
  }
  mutating func i32(_ value: inout Int32, _ name: StaticString, _ meaning: StaticString) {
    row(name, "i32", 4, meaning)
  }
  mutating func laterU16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString) {
    row(name, "u16", 2, meaning)
  }
  mutating func code<Code: RawRepresentable>(_ value: inout Code, _ name: StaticString, _ meaning: StaticString)
  where Code.RawValue == UInt8 { row(name, "u8", 1, meaning) }
  mutating func flag(_ value: inout Bool, _ name: StaticString, _ meaning: StaticString) {
    row(name, "u8", 1, meaning)
  }
  mutating func text(_ value: inout ShortText, _ name: StaticString, _ meaning: StaticString) {
    row(name, "text", 1, meaning)
    texts.append("\(name)")
  }
  mutating func packed<Part: PackedPart>(
    _ whole: inout Part.Whole, _ part: Part.Type, _ name: StaticString, _ meaning: StaticString
  ) { row(name, "\(Part.type)", Part.size, meaning) }
}

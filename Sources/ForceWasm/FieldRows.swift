import ForceProtocol

// A message's declared fields (`ProtocolFields.fields`) as the page's row of Int32
// fields, in declaration order (a packed part's fields one by one, derived values too): `RowWriter` fills the row
// from a message, `RowReader` builds a message from it, and `RowNames` lists the
// fields' names and kinds for Web/js/wire.js (`fp_layout`). A text field's row entry
// is its length; its bytes go to the text area, one text after another.

/// Fills the fields (and the text area) from a message.
struct RowWriter: FieldVisitor {
  var out = FieldWriter()
  var textOffset = 0

  mutating func u8(_ value: inout UInt8, _ name: StaticString, _ meaning: StaticString) { out.put(value) }
  mutating func u16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString) { out.put(value) }
  mutating func u32(_ value: inout UInt32, _ name: StaticString, _ meaning: StaticString) { out.put(value) }
  mutating func i16(_ value: inout Int16, _ name: StaticString, _ meaning: StaticString) { out.put(value) }
  mutating func i32(_ value: inout Int32, _ name: StaticString, _ meaning: StaticString) { out.put(value) }
  mutating func laterU16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString) { out.put(value) }
  mutating func flag(_ value: inout Bool, _ name: StaticString, _ meaning: StaticString) { out.put(value) }

  mutating func code<Code: RawRepresentable>(_ value: inout Code, _ name: StaticString, _ meaning: StaticString)
  where Code.RawValue == UInt8 { out.put(value.rawValue) }

  @inline(never)
  mutating func text(_ value: inout ShortText, _ name: StaticString, _ meaning: StaticString) {
    out.put(Int32(value.count))
    textOffset = putText(value, at: textOffset)
  }

  mutating func packed<Part: PackedPart>(
    _ whole: inout Part.Whole, _ part: Part.Type, _ name: StaticString, _ meaning: StaticString
  ) throws(ProtocolError) { try Part.fields(&whole, &self) }

  mutating func derived(_ value: @autoclosure () -> Int32, _ name: StaticString) { out.put(value()) }
}

/// Reads a message from the fields (and the text area) JavaScript wrote.
struct RowReader: FieldVisitor {
  var index = 0
  var textOffset = 0

  @inline(never)
  mutating func next() -> Int32 {
    defer { index &+= 1 }
    return field(index)
  }

  mutating func u8(_ value: inout UInt8, _ name: StaticString, _ meaning: StaticString) {
    value = UInt8(truncatingIfNeeded: next())
  }
  mutating func u16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString) {
    value = UInt16(truncatingIfNeeded: next())
  }
  mutating func u32(_ value: inout UInt32, _ name: StaticString, _ meaning: StaticString) {
    value = UInt32(bitPattern: next())
  }
  mutating func i16(_ value: inout Int16, _ name: StaticString, _ meaning: StaticString) {
    value = Int16(truncatingIfNeeded: next())
  }
  mutating func i32(_ value: inout Int32, _ name: StaticString, _ meaning: StaticString) { value = next() }
  mutating func laterU16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString) {
    value = UInt16(truncatingIfNeeded: next())
  }
  mutating func flag(_ value: inout Bool, _ name: StaticString, _ meaning: StaticString) { value = next() != 0 }

  mutating func code<Code: RawRepresentable>(_ value: inout Code, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError) where Code.RawValue == UInt8
  {
    let raw = next()
    guard raw >= 0, raw <= 255, let code = Code(rawValue: UInt8(raw)) else { throw .badValue }
    value = code
  }

  @inline(never)
  mutating func text(_ value: inout ShortText, _ name: StaticString, _ meaning: StaticString) throws(ProtocolError) {
    let length = next()
    value = try readText(at: textOffset, length: length)
    textOffset &+= Int(length)
  }

  mutating func packed<Part: PackedPart>(
    _ whole: inout Part.Whole, _ part: Part.Type, _ name: StaticString, _ meaning: StaticString
  ) throws(ProtocolError) { try Part.fields(&whole, &self) }

  mutating func derived(_ value: @autoclosure () -> Int32, _ name: StaticString) { index &+= 1 }

  mutating func require(_ valid: Bool, else error: ProtocolError) throws(ProtocolError) {
    guard valid else { throw error }
  }
}

/// Writes "name:kind,name:kind,…" to the document area: kind `u32` (read as unsigned),
/// `text` (the field is the text's length), else `int`.
struct RowNames: FieldVisitor {
  var offset = 0

  @inline(never)
  mutating func put(_ name: StaticString, _ kind: StaticString) {
    if offset > 0 { append(",") }
    append(name)
    append(":")
    append(kind)
  }

  mutating func append(_ string: StaticString) {
    let area = Area.document
    let bytes = UnsafeRawBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount)
    for byte in bytes where offset < area.count {
      area[offset] = byte
      offset &+= 1
    }
  }

  mutating func u8(_ value: inout UInt8, _ name: StaticString, _ meaning: StaticString) { put(name, "int") }
  mutating func u16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString) { put(name, "int") }
  mutating func u32(_ value: inout UInt32, _ name: StaticString, _ meaning: StaticString) { put(name, "u32") }
  mutating func i16(_ value: inout Int16, _ name: StaticString, _ meaning: StaticString) { put(name, "int") }
  mutating func i32(_ value: inout Int32, _ name: StaticString, _ meaning: StaticString) { put(name, "int") }
  mutating func laterU16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString) {
    put(name, "int")
  }
  mutating func flag(_ value: inout Bool, _ name: StaticString, _ meaning: StaticString) { put(name, "int") }
  mutating func code<Code: RawRepresentable>(_ value: inout Code, _ name: StaticString, _ meaning: StaticString)
  where Code.RawValue == UInt8 { put(name, "int") }
  mutating func text(_ value: inout ShortText, _ name: StaticString, _ meaning: StaticString) {
    put(name, "text")
  }
  mutating func packed<Part: PackedPart>(
    _ whole: inout Part.Whole, _ part: Part.Type, _ name: StaticString, _ meaning: StaticString
  ) throws(ProtocolError) { try Part.fields(&whole, &self) }
  mutating func derived(_ value: @autoclosure () -> Int32, _ name: StaticString) { put(name, "int") }
}

/// Writes `message`'s declared fields.
func putRow<M: ProtocolFields>(_ message: M) {
  var copy = message
  var writer = RowWriter()
  try? copy.fields(&writer)
}

/// The message of type `M` from the fields.
func readRow<M: ProtocolFields>(_: M.Type = M.self) throws(ProtocolError) -> M {
  var message = M()
  var reader = RowReader()
  try message.fields(&reader)
  return message
}

/// Lists `M`'s fields; returns the length of the list.
func nameRow<M: ProtocolFields>(_: M.Type) -> Int32 {
  var message = M()
  var names = RowNames()
  try? message.fields(&names)
  return Int32(names.offset)
}

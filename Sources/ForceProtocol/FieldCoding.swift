// Encoding and decoding as field visits: a `ByteSink` writes each field, a
// `ByteReader` reads it. Inlined, so the names and meanings cost the firmware nothing.

extension ByteSink {
  /// Writes the byte.
  @inline(__always)
  public mutating func u8(_ value: inout UInt8, _ name: StaticString, _ meaning: StaticString) throws(ProtocolError) {
    try u8(value)
  }

  /// Writes the value.
  @inline(__always)
  public mutating func u16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  { try u16(value) }

  /// Writes the value.
  @inline(__always)
  public mutating func u32(_ value: inout UInt32, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  { try u32(value) }

  /// Writes the value.
  @inline(__always)
  public mutating func i16(_ value: inout Int16, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  { try i16(value) }

  /// Writes the value.
  @inline(__always)
  public mutating func i32(_ value: inout Int32, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  { try i32(value) }

  /// Writes the value.
  @inline(__always)
  public mutating func laterU16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  { try u16(value) }

  /// Writes the code.
  @inline(__always)
  public mutating func code<Code: RawRepresentable>(
    _ value: inout Code, _ name: StaticString, _ meaning: StaticString
  ) throws(ProtocolError) where Code.RawValue == UInt8 { try u8(value.rawValue) }

  /// Writes 1 or 0.
  @inline(__always)
  public mutating func flag(_ value: inout Bool, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  { try u8(value ? 1 : 0) }

  /// Writes the length and the bytes.
  @inline(__always)
  public mutating func text(_ value: inout ShortText, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  { try value.encode(into: &self) }

  /// Writes the part's bytes.
  @inline(__always)
  public mutating func packed<Part: PackedPart>(
    _ whole: inout Part.Whole, _ part: Part.Type, _ name: StaticString, _ meaning: StaticString
  ) throws(ProtocolError) { try Part.encode(whole, into: &self) }
}

extension ByteReader: FieldVisitor {
  /// Reads the byte.
  @inline(__always)
  public mutating func u8(_ value: inout UInt8, _ name: StaticString, _ meaning: StaticString) throws(ProtocolError) {
    value = try u8()
  }

  /// Reads the value.
  @inline(__always)
  public mutating func u16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  { value = try u16() }

  /// Reads the value.
  @inline(__always)
  public mutating func u32(_ value: inout UInt32, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  { value = try u32() }

  /// Reads the value.
  @inline(__always)
  public mutating func i16(_ value: inout Int16, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  { value = try i16() }

  /// Reads the value.
  @inline(__always)
  public mutating func i32(_ value: inout Int32, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  { value = try i32() }

  /// Reads the value, or 0 when the body ends before it.
  @inline(__always)
  public mutating func laterU16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  { value = remaining >= 2 ? try u16() : 0 }

  /// Reads a known code.
  @inline(__always)
  public mutating func code<Code: RawRepresentable>(
    _ value: inout Code, _ name: StaticString, _ meaning: StaticString
  ) throws(ProtocolError) where Code.RawValue == UInt8 {
    guard let code = Code(rawValue: try u8()) else { throw .badValue }
    value = code
  }

  /// Reads bit 0; the other bits must be zero.
  @inline(__always)
  public mutating func flag(_ value: inout Bool, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  {
    let at = offset
    let flags = try u8()
    guard flags & ~1 == 0 else { throw .fieldOutOfRange(offset: UInt8(truncatingIfNeeded: at), value: Int32(flags)) }
    value = flags & 1 != 0
  }

  /// Reads the length and the bytes.
  @inline(__always)
  public mutating func text(_ value: inout ShortText, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  { value = try ShortText.decode(from: &self) }

  /// Reads the part's bytes.
  @inline(__always)
  public mutating func packed<Part: PackedPart>(
    _ whole: inout Part.Whole, _ part: Part.Type, _ name: StaticString, _ meaning: StaticString
  ) throws(ProtocolError) { try Part.decode(&whole, from: &self) }

  /// Throws `error` unless `valid`.
  @inline(__always)
  public mutating func require(_ valid: Bool, else error: ProtocolError) throws(ProtocolError) {
    guard valid else { throw error }
  }
}

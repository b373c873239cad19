/// Walks a message's fields in wire order, once for each use: encoding (a `ByteSink`
/// reads them), decoding (`ByteReader` writes them), the page's rows of Int32 fields
/// (`ForceWasm`) and the message tables of Protocol.md (a host test).
///
/// Each call names the field (as Protocol.md, the page and `forcectl` spell it) and
/// says what it means, in the words of Protocol.md's table. Encoders and decoders
/// ignore both: their conformances are inlined, so the strings are dead code in the
/// firmware.
public protocol FieldVisitor {
  /// An unsigned byte.
  mutating func u8(_ value: inout UInt8, _ name: StaticString, _ meaning: StaticString) throws(ProtocolError)
  /// An unsigned 16-bit value.
  mutating func u16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString) throws(ProtocolError)
  /// An unsigned 32-bit value.
  mutating func u32(_ value: inout UInt32, _ name: StaticString, _ meaning: StaticString) throws(ProtocolError)
  /// A signed 16-bit value.
  mutating func i16(_ value: inout Int16, _ name: StaticString, _ meaning: StaticString) throws(ProtocolError)
  /// A signed 32-bit value.
  mutating func i32(_ value: inout Int32, _ name: StaticString, _ meaning: StaticString) throws(ProtocolError)
  /// A u16 that a later firmware appended: a body that ends before it decodes as 0.
  mutating func laterU16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  /// A u8 code of `Code`: a code it does not know decodes as `badValue`.
  mutating func code<Code: RawRepresentable>(_ value: inout Code, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError) where Code.RawValue == UInt8
  /// A flags byte holding one flag in bit 0; another bit set decodes as
  /// `fieldOutOfRange` with the byte's offset.
  mutating func flag(_ value: inout Bool, _ name: StaticString, _ meaning: StaticString) throws(ProtocolError)
  /// A `text`: a u8 length (0…32), then that many UTF-8 bytes.
  mutating func text(_ value: inout ShortText, _ name: StaticString, _ meaning: StaticString)
    throws(ProtocolError)
  /// Fields of `whole` that share their bytes on the wire (a packed word, a flags
  /// byte): `Part` writes and reads the bytes, the page and the tables see its fields.
  mutating func packed<Part: PackedPart>(
    _ whole: inout Part.Whole, _ part: Part.Type, _ name: StaticString, _ meaning: StaticString
  ) throws(ProtocolError)
  /// A value the page shows, worked out from the fields (only when a visitor asks);
  /// not on the wire.
  mutating func derived(_ value: @autoclosure () -> Int32, _ name: StaticString) throws(ProtocolError)
  /// A rule a decoded body must keep: decoders throw `error` when `valid` is false, the
  /// other visitors ignore it.
  mutating func require(_ valid: Bool, else error: ProtocolError) throws(ProtocolError)
  /// True for a visitor that only counts bytes (`LongestBody`): a message's `fields`
  /// may skip work that prepares values for the wire.
  static var countsOnly: Bool { get }
}

extension FieldVisitor {
  /// Only decoders check rules.
  @inline(__always)
  public mutating func require(_ valid: Bool, else error: ProtocolError) throws(ProtocolError) {}

  /// Visitors read or write the values.
  @inline(__always)
  public static var countsOnly: Bool { false }

  /// Only the page's rows show derived values.
  @inline(__always)
  public mutating func derived(_ value: @autoclosure () -> Int32, _ name: StaticString) throws(ProtocolError) {}
}

/// Fields that share bytes on the wire, written and read by hand: the telemetry word,
/// an event's flags byte. `fields` declares them one by one for the page.
public protocol PackedPart {
  /// The message (or block) that holds the fields.
  associatedtype Whole
  /// Bytes on the wire.
  static var size: Int { get }
  /// The wire type, as Protocol.md's table names it.
  static var type: StaticString { get }
  /// Writes the bytes.
  static func encode<W: ByteSink>(_ whole: Whole, into writer: inout W) throws(ProtocolError)
  /// Reads the bytes into `whole`'s fields.
  static func decode(_ whole: inout Whole, from reader: inout ByteReader) throws(ProtocolError)
  /// Visits the fields one by one.
  static func fields<V: FieldVisitor>(_ whole: inout Whole, _ visitor: inout V) throws(ProtocolError)
}

/// A message body declared once, as its fields in wire order (`fields(_:)`); encoding
/// and decoding follow from it.
public protocol ProtocolFields {
  /// Every field zero (or its first case): what a decoder fills in.
  init()
  /// Visits every field in wire order.
  mutating func fields<V: FieldVisitor>(_ visitor: inout V) throws(ProtocolError)
}

extension ProtocolFields {
  /// Writes the body (not type, seq or CRC).
  @inline(__always)
  public func encode<W: ByteSink>(into writer: inout W) throws(ProtocolError) {
    var copy = self
    try copy.fields(&writer)
  }

  /// Reads the body's fields; the caller checks that nothing is left.
  @inline(__always)
  init(from reader: inout ByteReader) throws(ProtocolError) {
    self.init()
    try fields(&reader)
  }
}

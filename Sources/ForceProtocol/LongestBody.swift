/// Counts the bytes of a message body at its longest, from the same field walk that
/// encodes it: a `text` at `ShortText.capacity`, every later field present. The
/// device's reply rooms (`MessageType.replyRoom`) follow from it, so a field added to
/// a reply moves its room with it.
public struct LongestBody: FieldVisitor {
  /// Bytes counted so far.
  public private(set) var bytes = 0

  /// It only counts.
  @inline(__always) public static var countsOnly: Bool { true }

  /// Nothing counted.
  @inline(__always) public init() {}

  @inline(__always)
  public mutating func u8(_ value: inout UInt8, _ name: StaticString, _ meaning: StaticString) { bytes &+= 1 }
  @inline(__always)
  public mutating func u16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString) { bytes &+= 2 }
  @inline(__always)
  public mutating func u32(_ value: inout UInt32, _ name: StaticString, _ meaning: StaticString) { bytes &+= 4 }
  @inline(__always)
  public mutating func i16(_ value: inout Int16, _ name: StaticString, _ meaning: StaticString) { bytes &+= 2 }
  @inline(__always)
  public mutating func i32(_ value: inout Int32, _ name: StaticString, _ meaning: StaticString) { bytes &+= 4 }
  @inline(__always)
  public mutating func laterU16(_ value: inout UInt16, _ name: StaticString, _ meaning: StaticString) {
    bytes &+= 2
  }
  @inline(__always)
  public mutating func code<Code: RawRepresentable>(
    _ value: inout Code, _ name: StaticString, _ meaning: StaticString
  ) where Code.RawValue == UInt8 { bytes &+= 1 }
  @inline(__always)
  public mutating func flag(_ value: inout Bool, _ name: StaticString, _ meaning: StaticString) { bytes &+= 1 }
  @inline(__always)
  public mutating func text(_ value: inout ShortText, _ name: StaticString, _ meaning: StaticString) {
    bytes &+= 1 &+ ShortText.capacity
  }
  @inline(__always)
  public mutating func packed<Part: PackedPart>(
    _ whole: inout Part.Whole, _ part: Part.Type, _ name: StaticString, _ meaning: StaticString
  ) { bytes &+= Part.size }
}

extension ProtocolFields {
  /// Bytes on the wire of this message at its longest (type, seq, body, CRC, COBS and
  /// the delimiter).
  @inline(__always)
  public static var longestWireSize: Int {
    var message = Self()
    var body = LongestBody()
    try? message.fields(&body)
    return FrameFormat.wireSize(frameSize: FrameFormat.overhead &+ body.bytes)
  }
}

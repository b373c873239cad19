/// Reads little-endian fields from a message body; throws `badLength` at the end.
public struct ByteReader {
  /// The bytes read from.
  public let bytes: UnsafeRawBufferPointer
  /// Bytes consumed so far.
  public private(set) var offset = 0

  /// A reader at the start of `bytes`.
  public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// Bytes not yet read.
  public var remaining: Int { bytes.count &- offset }

  /// Reads one byte.
  public mutating func u8() throws(ProtocolError) -> UInt8 {
    guard offset < bytes.count else { throw .badLength }
    let byte = bytes[offset]
    offset &+= 1
    return byte
  }

  /// Reads a little-endian 16-bit value.
  public mutating func u16() throws(ProtocolError) -> UInt16 {
    let low = try u8()
    let high = try u8()
    return UInt16(low) | UInt16(high) << 8
  }

  /// Reads a little-endian 16-bit signed value.
  public mutating func i16() throws(ProtocolError) -> Int16 { Int16(bitPattern: try u16()) }

  /// Reads a little-endian 32-bit value.
  public mutating func u32() throws(ProtocolError) -> UInt32 {
    let low = try u16()
    let high = try u16()
    return UInt32(low) | UInt32(high) << 16
  }

  /// Reads a little-endian 32-bit signed value.
  public mutating func i32() throws(ProtocolError) -> Int32 { Int32(bitPattern: try u32()) }

  /// The next `count` bytes, without copying.
  public mutating func bytes(_ count: Int) throws(ProtocolError) -> UnsafeRawBufferPointer {
    guard count >= 0, count <= remaining else { throw .badLength }
    let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset &+ count])
    offset &+= count
    return slice
  }

  /// Throws `badLength` unless every byte has been read.
  public func finish() throws(ProtocolError) {
    guard offset == bytes.count else { throw .badLength }
  }
}

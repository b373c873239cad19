/// Where message fields are written: a linear buffer (`ByteWriter`) or, on the device,
/// a frame encoded straight into the transmit ring (`FrameWriter`). As a
/// `FieldVisitor` it encodes a message's fields (FieldCoding.swift).
public protocol ByteSink: FieldVisitor {
  /// Appends one byte; throws instead of overrunning the destination.
  mutating func u8(_ byte: UInt8) throws(ProtocolError)
  /// Appends a 16-bit value, low byte first (a requirement, so a sink that cannot
  /// fail mid-frame, `FrameWriter`, gives its own without error tests).
  mutating func u16(_ value: UInt16) throws(ProtocolError)
  /// Appends a 32-bit value, low byte first (a requirement, as `u16`).
  mutating func u32(_ value: UInt32) throws(ProtocolError)
}

extension ByteSink {
  /// Appends a 16-bit value, low byte first (one copy per sink, like `u32`).
  @inline(never)
  public mutating func u16(_ value: UInt16) throws(ProtocolError) {
    try u8(UInt8(truncatingIfNeeded: value))
    try u8(UInt8(truncatingIfNeeded: value >> 8))
  }

  /// Appends a 16-bit signed value (two's complement, low byte first).
  public mutating func i16(_ value: Int16) throws(ProtocolError) { try u16(UInt16(bitPattern: value)) }

  /// Appends a 32-bit value, low byte first. Never inlined: one copy per sink, where
  /// each inlined use would cost four calls of `u8` with their error checks.
  @inline(never)
  public mutating func u32(_ value: UInt32) throws(ProtocolError) {
    try u16(UInt16(truncatingIfNeeded: value))
    try u16(UInt16(truncatingIfNeeded: value >> 16))
  }

  /// Appends a 32-bit signed value (two's complement, low byte first).
  public mutating func i32(_ value: Int32) throws(ProtocolError) { try u32(UInt32(bitPattern: value)) }

  /// Appends every byte of `bytes`.
  public mutating func bytes(_ bytes: UnsafeRawBufferPointer) throws(ProtocolError) {
    for byte in bytes { try u8(byte) }
  }
}

/// Appends little-endian fields to a caller's buffer; throws instead of overrunning it.
public struct ByteWriter: ByteSink {
  /// The buffer written to.
  public let buffer: UnsafeMutableRawBufferPointer
  /// Bytes written so far.
  public private(set) var count = 0

  /// A writer at the start of `buffer`.
  public init(_ buffer: UnsafeMutableRawBufferPointer) { self.buffer = buffer }

  /// Appends one byte.
  public mutating func u8(_ byte: UInt8) throws(ProtocolError) {
    guard count < buffer.count else { throw .bufferTooSmall }
    buffer[count] = byte
    count &+= 1
  }
}

/// A message body the device sends, written field by field into any `ByteSink`: the
/// device encodes it straight into its transmit ring, a host into a buffer.
public protocol DeviceMessage {
  /// The type byte of the frame that carries it.
  static var messageType: MessageType { get }
  /// Writes the body (not type, seq or CRC).
  func encode<W: ByteSink>(into writer: inout W) throws(ProtocolError)
}

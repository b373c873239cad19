/// Builds complete wire frames in a caller's buffer: type, seq, body, CRC (low byte
/// first), COBS, then the 0x00 delimiter.
///
/// The buffer must hold the encoded frame: `FrameFormat.maxWireSize` (258) bytes
/// always suffice. Nothing is allocated; the frame is built in place.
public enum FrameEncoder {
  /// Encodes `message` with sequence number `seq`. Returns the number of bytes
  /// written (delimiter included).
  public static func encode(
    _ message: Message, seq: UInt8, into out: UnsafeMutableRawBufferPointer
  ) throws(ProtocolError) -> Int {
    try encode(type: message.type.rawValue, seq: seq, into: out) { (writer) throws(ProtocolError) in
      try message.encodeBody(into: &writer)
    }
  }

  /// Encodes a frame from raw parts (any type byte, any body up to
  /// `FrameFormat.maxBodySize`). `body` must not overlap `out`.
  public static func encode(
    type: UInt8, seq: UInt8, body: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer
  ) throws(ProtocolError) -> Int {
    try encode(type: type, seq: seq, into: out) { (writer) throws(ProtocolError) in
      try writer.bytes(body)
    }
  }

  /// The error reply to a frame the device could not decode, with the frame's `seq`:
  /// what the firmware sends when `Message.decodeRequest` throws.
  public static func encodeRejection(
    of frame: DecodedFrame, because error: ProtocolError, into out: UnsafeMutableRawBufferPointer
  ) throws(ProtocolError) -> Int {
    try encode(.error(ErrorReply(rejecting: frame, because: error)), seq: frame.seq, into: out)
  }

  /// Shared path: the raw frame is staged at offset 2 of `out`, then COBS-encoded in
  /// place from offset 0.
  static func encode(
    type: UInt8, seq: UInt8, into out: UnsafeMutableRawBufferPointer,
    body: (inout ByteWriter) throws(ProtocolError) -> Void
  ) throws(ProtocolError) -> Int {
    guard out.count > 4 + 3 else { throw .bufferTooSmall }
    let stage = UnsafeMutableRawBufferPointer(rebasing: out[2..<out.count])
    var writer = ByteWriter(stage)
    try writer.u8(type)
    try writer.u8(seq)
    try body(&writer)
    let crc = CRC16.checksum(UnsafeRawBufferPointer(rebasing: stage[0..<writer.count]))
    try writer.u8(UInt8(truncatingIfNeeded: crc))
    try writer.u8(UInt8(truncatingIfNeeded: crc >> 8))
    let frameSize = writer.count
    guard frameSize <= FrameFormat.maxFrameSize else { throw .frameTooLong }
    guard FrameFormat.wireSize(frameSize: frameSize) <= out.count else { throw .bufferTooSmall }
    let encoded = COBS.encodeInPlace(out, count: frameSize)
    out[encoded] = FrameFormat.delimiter
    return encoded &+ 1
  }
}

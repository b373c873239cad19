/// Builds complete wire frames in a caller's buffer: type, seq, body, CRC (low byte
/// first), COBS, then the 0x00 delimiter (`FrameWriter` does the work).
///
/// The buffer must hold the encoded frame: `FrameFormat.maxWireSize` (258) bytes
/// always suffice. Nothing is allocated; the frame is built in place.
public enum FrameEncoder {
  /// Encodes `message` with sequence number `seq`. Returns the number of bytes
  /// written (delimiter included).
  public static func encode(
    _ message: Message, seq: UInt8, into out: UnsafeMutableRawBufferPointer
  ) throws(ProtocolError) -> Int {
    var writer = FrameWriter(ring: out, start: 0, room: out.count, type: message.type.rawValue, seq: seq)
    try message.encodeBody(into: &writer)
    return try writer.finish()
  }

  /// Encodes a frame from raw parts (any type byte, any body up to
  /// `FrameFormat.maxBodySize`). `body` must not overlap `out`.
  public static func encode(
    type: UInt8, seq: UInt8, body: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer
  ) throws(ProtocolError) -> Int {
    var writer = FrameWriter(ring: out, start: 0, room: out.count, type: type, seq: seq)
    try writer.bytes(body)
    return try writer.finish()
  }

  /// The error reply to a frame the device could not decode, with the frame's `seq`:
  /// what the firmware sends when `Message.decodeRequest` throws.
  public static func encodeRejection(
    of frame: DecodedFrame, because error: ProtocolError, into out: UnsafeMutableRawBufferPointer
  ) throws(ProtocolError) -> Int {
    try encode(.error(ErrorReply(rejecting: frame, because: error)), seq: frame.seq, into: out)
  }
}

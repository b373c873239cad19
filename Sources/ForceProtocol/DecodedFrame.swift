/// One frame that passed COBS decoding, the length check and the CRC: its type byte,
/// sequence number and body, in inline storage (no allocation).
public struct DecodedFrame: Sendable {
  /// The message type byte (see `MessageType`; unknown values are delivered too).
  public let type: UInt8
  /// The sequence number.
  public let seq: UInt8
  /// Length of the body in bytes, 0…`FrameFormat.maxBodySize`.
  public let bodyCount: Int
  // The whole frame as received: type, seq, body, CRC.
  let storage: Bytes256

  init(storage: Bytes256, frameCount: Int) {
    var copy = storage
    let (type, seq) = withUnsafeBytes(of: &copy) { ($0[0], $0[1]) }
    self.type = type
    self.seq = seq
    self.bodyCount = frameCount &- FrameFormat.overhead
    self.storage = storage
  }

  /// A frame built directly from its parts (for tests and host tools); the body is
  /// cut to `FrameFormat.maxBodySize`.
  public init(type: UInt8, seq: UInt8, body: UnsafeRawBufferPointer) {
    var storage = Bytes256()
    let count = Swift.min(body.count, FrameFormat.maxBodySize)
    withUnsafeMutableBytes(of: &storage) { buffer in
      buffer[0] = type
      buffer[1] = seq
      for index in 0..<count { buffer[2 &+ index] = body[index] }
    }
    self.type = type
    self.seq = seq
    self.bodyCount = count
    self.storage = storage
  }

  /// Calls `body` with the frame's body bytes.
  public func withBody<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    var copy = storage
    let count = bodyCount
    return try withUnsafeBytes(of: &copy) { (buffer) throws(E) -> R in
      try body(UnsafeRawBufferPointer(rebasing: buffer[2..<2 &+ count]))
    }
  }
}

/// The constants of the framing layer (see Protocol.md, "Framing").
///
/// A frame before COBS is `type, seq, body…, crcLow, crcHigh`; after COBS it is
/// followed by one 0x00 delimiter.
public enum FrameFormat {
  /// Version of the protocol described in Protocol.md; reported in the handshake.
  public static let protocolVersion: UInt8 = 4
  /// Largest frame before COBS: type + seq + body + CRC.
  public static let maxFrameSize = 255
  /// Bytes of a frame that are not body: type, seq and the two CRC bytes.
  public static let overhead = 4
  /// Largest body.
  public static let maxBodySize = maxFrameSize - overhead
  /// Largest frame on the wire: COBS adds at most two bytes to 255, plus the delimiter.
  public static let maxWireSize = maxFrameSize + 3
  /// The frame delimiter.
  public static let delimiter: UInt8 = 0x00

  /// Bytes on the wire for a frame of `frameSize` bytes before COBS (delimiter included).
  public static func wireSize(frameSize: Int) -> Int {
    frameSize + 1 + frameSize / 254 + 1
  }
}

/// Streaming frame decoder: feed it received bytes one at a time; it returns a frame
/// when a delimiter completes a valid one.
///
/// COBS is undone on the fly into a fixed 256-byte buffer, so an oversize frame can
/// never overrun it: past `FrameFormat.maxFrameSize` bytes the frame is marked
/// overrun and the rest is dropped. After garbage, a truncated frame or a bad CRC
/// the decoder is back in sync at the next 0x00. A damaged frame is counted in
/// `statistics` and never delivered. Empty frames (two 0x00 in a row) are ignored.
public struct FrameDecoder: Sendable {
  var buffer = Bytes256()
  /// Decoded bytes of the frame in progress.
  var count = 0
  /// Bytes still to come in the current COBS block; 0 = the next byte is a code byte.
  var remaining = 0
  /// Whether the current block implies a 0x00 if another block follows (code < 0xFF).
  var zeroPending = false
  /// Whether any byte has arrived since the last delimiter.
  var started = false
  var overrun = false
  /// What has been seen so far.
  public private(set) var statistics = DecoderStatistics()

  /// A decoder waiting for the first frame.
  public init() {}

  /// Forgets the frame in progress (statistics are kept).
  public mutating func reset() {
    count = 0
    remaining = 0
    zeroPending = false
    started = false
    overrun = false
  }

  /// Processes one received byte. Returns the frame it completes, if any.
  public mutating func feed(_ byte: UInt8) -> DecodedFrame? {
    if byte == FrameFormat.delimiter { return finish() }
    started = true
    if remaining == 0 {
      // A code byte: the previous block (if any, and if not full) implied a zero.
      if zeroPending { append(0) }
      remaining = Int(byte) &- 1
      zeroPending = byte != 0xFF
    } else {
      append(byte)
      remaining &-= 1
    }
    return nil
  }

  /// Feeds every byte of `bytes`; calls `handle` with each frame completed.
  public mutating func feed<E: Error>(
    _ bytes: UnsafeRawBufferPointer, _ handle: (DecodedFrame) throws(E) -> Void
  ) throws(E) {
    for byte in bytes {
      if let frame = feed(byte) { try handle(frame) }
    }
  }

  mutating func append(_ byte: UInt8) {
    guard count < FrameFormat.maxFrameSize else {
      overrun = true
      return
    }
    let index = count
    withUnsafeMutableBytes(of: &buffer) { $0[index] = byte }
    count &+= 1
  }

  mutating func finish() -> DecodedFrame? {
    defer { reset() }
    guard started else { return nil }
    if overrun {
      statistics.overruns &+= 1
      return nil
    }
    if remaining != 0 {
      statistics.malformed &+= 1
      return nil
    }
    if count < FrameFormat.overhead {
      statistics.tooShort &+= 1
      return nil
    }
    let length = count
    let valid = withUnsafeBytes(of: &buffer) { bytes in
      let crc = CRC16.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<length &- 2]))
      return bytes[length &- 2] == UInt8(truncatingIfNeeded: crc)
        && bytes[length &- 1] == UInt8(truncatingIfNeeded: crc >> 8)
    }
    guard valid else {
      statistics.crcErrors &+= 1
      return nil
    }
    statistics.frames &+= 1
    return DecodedFrame(storage: buffer, frameCount: length)
  }
}

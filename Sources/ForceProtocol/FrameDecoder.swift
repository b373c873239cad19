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
  /// Length (type to CRC) of the last frame completed, 0 before the first.
  var frameLength = 0
  /// The type byte of the frame `receive` completed last.
  public private(set) var frameType: UInt8 = 0
  /// The sequence number of the frame `receive` completed last.
  public private(set) var frameSeq: UInt8 = 0
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

  /// Processes one received byte. Returns the frame it completes, if any (a copy:
  /// the device reads it in place with `receive(_:)` instead).
  public mutating func feed(_ byte: UInt8) -> DecodedFrame? {
    guard receive(byte) else { return nil }
    return DecodedFrame(storage: buffer, frameCount: frameLength)
  }

  /// Processes one received byte. Returns true when it completes a valid frame, which
  /// then stays readable in the decoder's buffer (`frameType`, `frameSeq`,
  /// `frameBody`) until the next byte.
  public mutating func receive(_ byte: UInt8) -> Bool {
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
    return false
  }

  /// Body length of the frame `receive` completed last.
  public var frameBodyCount: Int { frameLength &- FrameFormat.overhead }

  /// The body of the frame `receive` completed last, in place in the decoder's buffer:
  /// valid while the decoder stays where it is and is fed nothing.
  public mutating func frameBody() -> UnsafeRawBufferPointer {
    let count = frameLength &- FrameFormat.overhead
    return withUnsafeMutableBytes(of: &buffer) { UnsafeRawBufferPointer(rebasing: $0[2..<2 &+ count]) }
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

  mutating func finish() -> Bool {
    defer { reset() }
    guard started else { return false }
    if overrun {
      statistics.overruns &+= 1
      return false
    }
    if remaining != 0 {
      statistics.malformed &+= 1
      return false
    }
    if count < FrameFormat.overhead {
      statistics.tooShort &+= 1
      return false
    }
    let length = count
    let (valid, type, seq) = withUnsafeMutableBytes(of: &buffer) { bytes in
      let crc = CRC16.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<length &- 2]))
      let valid =
        bytes[length &- 2] == UInt8(truncatingIfNeeded: crc)
        && bytes[length &- 1] == UInt8(truncatingIfNeeded: crc >> 8)
      return (valid, bytes[0], bytes[1])
    }
    guard valid else {
      statistics.crcErrors &+= 1
      return false
    }
    statistics.frames &+= 1
    frameLength = length
    frameType = type
    frameSeq = seq
    return true
  }
}

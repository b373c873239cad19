/// Encodes one frame as its fields are written: type, seq, body, CRC (low byte
/// first), COBS and the 0x00 delimiter, into a byte ring that may wrap (the device's
/// transmit queue) or a plain buffer.
///
/// Nothing is staged: each byte goes through the CRC and the COBS block in progress
/// straight to its place; the block's code byte is filled in when the block ends.
/// The frame takes at most `room` bytes from `start`. The writes themselves never
/// throw: the first thing that does not fit (`bufferTooSmall`, `frameTooLong`) is
/// kept, later writes do nothing, and `finish` throws it, so the caller keeps nothing
/// of the frame. A field write on the device is then a call and no error test: with
/// about a hundred of them in the image, the tests were 900 bytes of flash.
public struct FrameWriter: ByteSink {
  let ring: UnsafeMutableRawBufferPointer
  let start: Int
  let room: Int
  /// Bytes of the encoded frame so far, the open block's code byte included.
  public private(set) var count = 1
  var codeIndex = 0
  var code: UInt8 = 1
  var crc = CRC16()
  var frameSize = 0
  /// The first write that did not fit, thrown by `finish`.
  var failure: ProtocolError?

  /// Starts a frame of type `type` and sequence number `seq` at offset `start` of
  /// `ring` (wrapping at its end), taking at most `room` bytes.
  public init(ring: UnsafeMutableRawBufferPointer, start: Int, room: Int, type: UInt8, seq: UInt8) {
    self.init(ring: ring, start: start, room: room)
    header(type: type, seq: seq)
  }

  /// A frame at offset `start` of `ring`, taking at most `room` bytes, before its
  /// `header`. Not throwing and out of line, so a caller gets it in place: the
  /// device's sends, one per message type, neither copy it nor repeat the stores.
  @inline(never)
  public init(ring: UnsafeMutableRawBufferPointer, start: Int, room: Int) {
    self.ring = ring
    self.start = start
    self.room = Swift.min(room, ring.count)
  }

  /// Writes the type and sequence number, the first two bytes of every frame.
  @inline(never)
  public mutating func header(type: UInt8, seq: UInt8) {
    u8(type)
    u8(seq)
  }

  /// Appends one byte of the body: the one out-of-line copy, with the CRC step, the
  /// byte stuffing and the ring write inlined in it, so a reply byte costs one call
  /// (the calls were most of the device's busy time on a frame with a reply).
  @inline(never)
  public mutating func u8(_ byte: UInt8) {
    guard frameSize < FrameFormat.maxFrameSize &- 2 else { return fail(.frameTooLong) }
    frameSize &+= 1
    crc.update(byte)
    stuff(byte)
  }

  /// Appends a 16-bit value, low byte first: `ByteSink.u16` without its error tests.
  @inline(never)
  public mutating func u16(_ value: UInt16) {
    u8(UInt8(truncatingIfNeeded: value))
    u8(UInt8(truncatingIfNeeded: value >> 8))
  }

  /// Appends a 32-bit value, low byte first: `ByteSink.u32` without its error tests.
  @inline(never)
  public mutating func u32(_ value: UInt32) {
    u16(UInt16(truncatingIfNeeded: value))
    u16(UInt16(truncatingIfNeeded: value >> 16))
  }

  /// Appends the CRC, closes the last block and writes the delimiter. Returns the
  /// bytes the frame takes.
  @inline(never)
  public mutating func finish() throws(ProtocolError) -> Int {
    let value = crc.value
    stuffCRC(UInt8(truncatingIfNeeded: value))
    stuffCRC(UInt8(truncatingIfNeeded: value >> 8))
    put(code, at: codeIndex)
    put(FrameFormat.delimiter, at: count)
    if let failure { throw failure }
    count &+= 1
    return count
  }

  /// Keeps the first failure; the frame is lost.
  @inline(never)
  mutating func fail(_ error: ProtocolError) {
    if failure == nil { failure = error }
  }

  /// `stuff` for the two CRC bytes: one more copy of it rather than two inlined.
  @inline(never)
  mutating func stuffCRC(_ byte: UInt8) {
    stuff(byte)
  }

  @inline(__always)
  mutating func stuff(_ byte: UInt8) {
    if byte != 0 {
      put(byte, at: count)
      count &+= 1
      code &+= 1
      guard code == 0xFF else { return }
    }
    put(code, at: codeIndex)
    codeIndex = count
    count &+= 1
    code = 1
  }

  @inline(__always)
  mutating func put(_ byte: UInt8, at index: Int) {
    guard index < room else { return fail(.bufferTooSmall) }
    var position = start &+ index
    if position >= ring.count { position &-= ring.count }
    ring[position] = byte
  }
}

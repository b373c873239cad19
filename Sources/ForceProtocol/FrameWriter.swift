/// Encodes one frame as its fields are written: type, seq, body, CRC (low byte
/// first), COBS and the 0x00 delimiter, into a byte ring that may wrap (the device's
/// transmit queue) or a plain buffer.
///
/// Nothing is staged: each byte goes through the CRC and the COBS block in progress
/// straight to its place; the block's code byte is filled in when the block ends.
/// The frame takes at most `room` bytes from `start`; past that every write throws
/// `bufferTooSmall` and the caller keeps nothing of it.
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

  /// Starts a frame of type `type` and sequence number `seq` at offset `start` of
  /// `ring` (wrapping at its end), taking at most `room` bytes.
  public init(
    ring: UnsafeMutableRawBufferPointer, start: Int, room: Int, type: UInt8, seq: UInt8
  ) throws(ProtocolError) {
    self.init(ring: ring, start: start, room: room)
    try header(type: type, seq: seq)
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
  public mutating func header(type: UInt8, seq: UInt8) throws(ProtocolError) {
    try u8(type)
    try u8(seq)
  }

  /// Appends one byte of the body: the one out-of-line copy, with the CRC step, the
  /// byte stuffing and the ring write inlined in it, so a reply byte costs one call
  /// (the calls were most of the device's busy time on a frame with a reply).
  @inline(never)
  public mutating func u8(_ byte: UInt8) throws(ProtocolError) {
    guard frameSize < FrameFormat.maxFrameSize &- 2 else { throw .frameTooLong }
    frameSize &+= 1
    crc.update(byte)
    try stuff(byte)
  }

  /// Appends the CRC, closes the last block and writes the delimiter. Returns the
  /// bytes the frame takes.
  @inline(never)
  public mutating func finish() throws(ProtocolError) -> Int {
    let value = crc.value
    try stuffCRC(UInt8(truncatingIfNeeded: value))
    try stuffCRC(UInt8(truncatingIfNeeded: value >> 8))
    try put(code, at: codeIndex)
    try put(FrameFormat.delimiter, at: count)
    count &+= 1
    return count
  }

  /// `stuff` for the two CRC bytes: one more copy of it rather than two inlined.
  @inline(never)
  mutating func stuffCRC(_ byte: UInt8) throws(ProtocolError) {
    try stuff(byte)
  }

  @inline(__always)
  mutating func stuff(_ byte: UInt8) throws(ProtocolError) {
    if byte != 0 {
      try put(byte, at: count)
      count &+= 1
      code &+= 1
      guard code == 0xFF else { return }
    }
    try put(code, at: codeIndex)
    codeIndex = count
    count &+= 1
    code = 1
  }

  @inline(__always)
  func put(_ byte: UInt8, at index: Int) throws(ProtocolError) {
    guard index < room else { throw .bufferTooSmall }
    var position = start &+ index
    if position >= ring.count { position &-= ring.count }
    ring[position] = byte
  }
}

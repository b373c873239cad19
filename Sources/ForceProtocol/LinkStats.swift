/// `statsReport` (0x88), the reply to `stats` (0x0D): the device's link counters
/// since boot, so a host can account for every byte it sent and every frame it missed.
///
/// Body: eleven u32, in this order. Counters wrap at 2³².
public struct LinkStats: Equatable, Sendable {
  /// Bytes taken from the UART, delimiters included.
  public var rxBytes: UInt32 = 0
  /// Frames received with a good CRC (requests of any type, known or not).
  public var rxFrames: UInt32 = 0
  /// Frames discarded for a CRC mismatch.
  public var rxCRCErrors: UInt32 = 0
  /// Frames discarded for exceeding 255 bytes.
  public var rxOverruns: UInt32 = 0
  /// Frames discarded because the delimiter came inside a COBS block.
  public var rxMalformed: UInt32 = 0
  /// Frames discarded for being shorter than 4 bytes.
  public var rxTooShort: UInt32 = 0
  /// Receive errors reported by the UART hardware (a byte lost because the device did
  /// not read the receive FIFO in time, a framing error).
  public var uartErrors: UInt32 = 0
  /// Requests answered with `busy`.
  public var busy: UInt32 = 0
  /// Requests dropped without a reply because not even a `busy` fitted in the
  /// transmit queue.
  public var dropped: UInt32 = 0
  /// Bytes queued for sending before this reply.
  public var txBytes: UInt32 = 0
  /// `telemetry` and `event` frames not sent because the transmit queue was too full.
  public var streamDropped: UInt32 = 0

  /// All zero.
  public init() {}

  /// The decoder's counters, with the rest zero.
  public init(rxBytes: UInt32, decoder: DecoderStatistics) {
    self.rxBytes = rxBytes
    rxFrames = decoder.frames
    rxCRCErrors = decoder.crcErrors
    rxOverruns = decoder.overruns
    rxMalformed = decoder.malformed
    rxTooShort = decoder.tooShort
  }

  public func encode<W: ByteSink>(into writer: inout W) throws(ProtocolError) {
    try writer.u32(rxBytes)
    try writer.u32(rxFrames)
    try writer.u32(rxCRCErrors)
    try writer.u32(rxOverruns)
    try writer.u32(rxMalformed)
    try writer.u32(rxTooShort)
    try writer.u32(uartErrors)
    try writer.u32(busy)
    try writer.u32(dropped)
    try writer.u32(txBytes)
    try writer.u32(streamDropped)
  }

  @inline(never)
  init(from reader: inout ByteReader) throws(ProtocolError) {
    rxBytes = try reader.u32()
    rxFrames = try reader.u32()
    rxCRCErrors = try reader.u32()
    rxOverruns = try reader.u32()
    rxMalformed = try reader.u32()
    rxTooShort = try reader.u32()
    uartErrors = try reader.u32()
    busy = try reader.u32()
    dropped = try reader.u32()
    txBytes = try reader.u32()
    streamDropped = try reader.u32()
  }
}

/// `statsReport` (0x88), the reply to `stats` (0x0D): the device's link counters
/// since boot, so a host can account for every byte it sent and every frame it missed.
///
/// Body: eleven u32, in this order. Counters wrap at 2³².
public struct LinkStats: ProtocolFields, Equatable, Sendable {
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

  /// The fields, in wire order.
  public mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u32(&rxBytes, "rxBytes", "bytes taken from the UART, delimiters included (this request's too)")
    try v.u32(&rxFrames, "rxFrames", "frames received with a good CRC, any type (this request included)")
    try v.u32(&rxCRCErrors, "rxCRCErrors", "frames discarded for a CRC mismatch")
    try v.u32(&rxOverruns, "rxOverruns", "frames discarded for exceeding 255 bytes")
    try v.u32(&rxMalformed, "rxMalformed", "frames discarded for a delimiter inside a COBS block")
    try v.u32(&rxTooShort, "rxTooShort", "frames discarded for being shorter than 4 bytes")
    try v.u32(
      &uartErrors, "uartErrors",
      "receive errors of the UART hardware (bytes lost to a full FIFO, framing errors)")
    try v.u32(&busy, "busy", "requests answered `busy`")
    try v.u32(&dropped, "dropped", "requests dropped unanswered (not even `busy` fitted)")
    try v.u32(&txBytes, "txBytes", "bytes queued for sending before this reply")
    try v.u32(&streamDropped, "streamDropped", "`telemetry` and `event` frames not sent for lack of transmit room")
  }
}

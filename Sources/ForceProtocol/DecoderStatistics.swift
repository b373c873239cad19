/// What a `FrameDecoder` has seen: good frames and each kind of rejected frame.
///
/// Every rejected frame is counted once, when its delimiter arrives. Counters wrap.
public struct DecoderStatistics: Equatable, Sendable {
  /// Frames delivered.
  public var frames: UInt32 = 0
  /// Frames whose CRC did not match.
  public var crcErrors: UInt32 = 0
  /// Frames longer than `FrameFormat.maxFrameSize` (discarded up to their delimiter).
  public var overruns: UInt32 = 0
  /// Frames that ended inside a COBS block.
  public var malformed: UInt32 = 0
  /// Frames shorter than type + seq + CRC (4 bytes).
  public var tooShort: UInt32 = 0

  /// All counters zero.
  public init() {}

  /// Every rejected frame.
  public var errors: UInt32 { crcErrors &+ overruns &+ malformed &+ tooShort }
}

/// Counts unsolicited frames lost on the link (Protocol.md, "Sequencing and timing"):
/// `telemetry` and `event` carry the device's own 8-bit count of them in `seq`, which
/// `streamStart` restarts at 0, so a gap in it is frames lost.
public struct UnsolicitedSequence: Sendable {
  /// The `seq` the next unsolicited frame should carry; nil before the first one after
  /// a restart is known.
  public private(set) var next: UInt8?
  /// Frames lost, summed over the gaps.
  public private(set) var lost = 0
  /// Gaps seen.
  public private(set) var gaps = 0

  /// A count that has seen nothing.
  public init() {}

  /// The device acknowledged `streamStart`: its next unsolicited frame carries 0.
  public mutating func restart() { next = 0 }

  /// Notes an unsolicited frame's `seq`; returns the frames lost just before it.
  @discardableResult
  public mutating func observe(_ seq: UInt8) -> Int {
    defer { next = seq &+ 1 }
    guard let next, seq != next else { return 0 }
    let missing = Int(seq &- next)
    lost &+= missing
    gaps &+= 1
    return missing
  }
}

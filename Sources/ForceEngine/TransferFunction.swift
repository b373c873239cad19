/// Force to speed (Docs/signal-chain.md): zero below rest, linear to `speed_normal_max` at the
/// boost threshold, then linear from `speed_boost_min` to `speed_boost_max` at full
/// scale, plateau above. Speeds are milli-items per second.
///
/// The slopes are Q8 milli-items/s per count, derived when parameters change: the
/// rounding error is at most half a Q8 step per count, 2 milli-items/s over the
/// whole zone, far inside the 1 % the table allows.
struct TransferFunction: Equatable {
  var rest: Int32
  var boost: Int32
  var normalSlopeQ8: Int32
  var boostMin: Int32
  var boostSlopeQ8: Int32

  /// Derives the constants from the parameters.
  init(_ p: Parameters) {
    rest = p[.restThreshold]
    boost = p[.boostThreshold]
    // speeds ≤ 100 000 and spans ≥ 1: × 256 fits Int32.
    normalSlopeQ8 = (p[.speedNormalMax] * 256 + (boost - rest) / 2) / (boost - rest)
    boostMin = p[.speedBoostMin]
    let boostSpan = 1023 - boost
    boostSlopeQ8 = ((p[.speedBoostMax] - boostMin) * 256 + boostSpan / 2) / boostSpan
  }

  /// Speed in milli-items per second at force `force` (0...1023). `boosted` picks the
  /// segment inside the hysteresis band just below the boost threshold.
  @inline(always)
  func speed(force: Int32, boosted: Bool) -> Int32 {
    if boosted {
      let above = force > boost ? (force > 1023 ? 1023 : force) &- boost : 0
      return boostMin &+ ((above &* boostSlopeQ8 &+ 128) >> 8)
    }
    if force <= rest { return 0 }
    let above = (force < boost ? force : boost) &- rest
    return (above &* normalSlopeQ8 &+ 128) >> 8
  }
}

extension Parameters {
  /// The transfer function's speed in milli-items per second at force `force`
  /// (0...1023), on the boosted segment or not: what the engine scrolls at, for a plot of
  /// speed against force (the web tuner). Derives the constants on each call.
  public func speed(atForce force: Int32, boosted: Bool) -> Int32 {
    TransferFunction(self).speed(force: force, boosted: boosted)
  }
}

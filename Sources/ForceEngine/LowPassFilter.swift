/// First-order low-pass filter (Docs/signal-chain.md) in fixed point.
///
/// Discretised as `y += α (x − y)` with `α = dt / (τ + dt)` (backward Euler), kept
/// as Q12 and derived when parameters change. The state carries 8 fraction bits so a
/// small α still settles to within a fraction of a count.
struct LowPassFilter: Equatable {
  /// Smoothing factor in Q12 (4096 = no smoothing).
  var alphaQ12: Int32
  /// Filtered value in Q8 counts.
  var stateQ8: Int32 = 0

  /// A filter with time constant `timeConstantMs` at `sampleRateHz` frames per second.
  init(timeConstantMs: Int32, sampleRateHz: Int32) {
    // α = (1000/rate) / (τ + 1000/rate) = 1000 / (τ·rate + 1000).
    let denominator = timeConstantMs * sampleRateHz + 1000  // ≤ 200 001
    alphaQ12 = (1000 * 4096 + denominator / 2) / denominator
    if alphaQ12 < 1 { alphaQ12 = 1 }
  }

  /// The smoothing factor α in Q12.
  var alpha: Int32 { alphaQ12 }

  /// The current output in Q8 counts.
  var valueQ8: Int32 { stateQ8 }

  /// Feeds one sample (0...1023) and returns the output in Q8 counts.
  @inline(always)
  mutating func step(_ sample: Int32) -> Int32 {
    // |x·256 − y| ≤ 261 888 and α ≤ 4096: the product stays below 2^31. Rounded as
    // ((p >> 11) + 1) >> 1, equal to (p + 2048) >> 12 for every p, without the
    // constant 2048, which on Thumb costs a register for the whole frame.
    stateQ8 = stateQ8 &+ ((((sample << 8) &- stateQ8) &* alphaQ12) >> 11 &+ 1) >> 1
    return stateQ8
  }

  /// Forgets the history (output 0).
  mutating func reset() { stateQ8 = 0 }
}

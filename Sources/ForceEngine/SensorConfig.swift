/// The constants of baseline tracking and fault detection (Docs/sensor-faults.md),
/// derived from the parameters when they change, in frames and counts.
struct SensorConfig: Equatable {
  /// Frames between two reviews (about 30 ms): stuck detection, rest tracking, the open level.
  static let reviewMs: Int32 = 30
  /// Time since the last touch before the rest level is followed again.
  static let settleMs: Int32 = 500
  /// Good frames that clear a fault.
  static let clearMs: Int32 = 50
  /// Good frames that clear a loose contact: longer than the gaps between its breaks
  /// (tens of ms), so it does not clear and return within one bout, and within the
  /// 100 ms a recovered cell has to clear in.
  static let looseClearMs: Int32 = 90
  /// A rest reading this far below the learned offset pulls it down (the offset sits
  /// above the rest mean by the calibration's noise margin).
  static let band: Int32 = 16
  /// Largest change between two reviews' readings that still counts as steady.
  static let steady: Int32 = 4
  /// Consecutive settled reviews with noise before stuck detection is armed.
  static let noiseReviews: UInt8 = 4
  /// The offset in use (calibrated rest plus margin) from which open detection is armed.
  static let openArming: Int32 = 24
  /// Glitch score (+4 per bad episode, −1 per review) at which contact is
  /// intermittent: a second break within three reviews of the first.
  static let intermittentScore: UInt8 = 5

  var reviewFrames: UInt8
  /// Bad frames in a row that make a fault; 0: fault detection off.
  var declareFrames: UInt8
  var clearFrames: UInt8
  var looseClearFrames: UInt8
  var settleFrames: UInt16
  /// Rest tracking's credit per review and the cost of a one-count step: a token
  /// bucket that allows `baseline_rate` steps a second (credit = review frames ×
  /// baseline_rate, cost = sample_rate_hz); 0 credit: tracking off.
  var stepCredit: Int16
  var stepCost: Int16
  var limit: Int16
  var rail: UInt16
  /// Frames from one pull-up probe to the next (`probe_ms`); 0: no probes.
  var probeFrames: UInt16

  /// All zero: filled in by `derive(from:)`.
  init() {
    reviewFrames = 0
    declareFrames = 0
    clearFrames = 0
    looseClearFrames = 0
    settleFrames = 0
    stepCredit = 0
    stepCost = 0
    limit = 0
    rail = 0
    probeFrames = 0
  }

  /// The constants for validated parameters: out of line and without a division (a
  /// leaf), so it adds little to the device's deepest stack path (the engine's
  /// construction at boot).
  @inline(never)
  static func derived(from p: Parameters) -> SensorConfig {
    var config = SensorConfig()
    config.derive(from: p)
    return config
  }

  /// Derives the constants from validated parameters in place.
  mutating func derive(from p: Parameters) {
    let rate = p[.sampleRateHz]
    let review = SensorConfig.frames(SensorConfig.reviewMs, rate: rate)
    reviewFrames = UInt8(truncatingIfNeeded: review)
    let faultMs = p[.faultMs]
    declareFrames = faultMs == 0 ? 0 : UInt8(truncatingIfNeeded: SensorConfig.frames(faultMs, rate: rate))
    clearFrames = UInt8(truncatingIfNeeded: SensorConfig.frames(SensorConfig.clearMs, rate: rate))
    looseClearFrames = UInt8(truncatingIfNeeded: SensorConfig.frames(SensorConfig.looseClearMs, rate: rate))
    settleFrames = UInt16(truncatingIfNeeded: SensorConfig.frames(SensorConfig.settleMs, rate: rate))
    stepCredit = Int16(truncatingIfNeeded: review &* p[.baselineRate])  // ≤ 30 × 30
    stepCost = Int16(truncatingIfNeeded: rate)
    limit = Int16(truncatingIfNeeded: p[.baselineLimit])
    rail = declareFrames == 0 ? UInt16.max : UInt16(truncatingIfNeeded: p[.railLevel])  // off: none out of range
    let probeMs = p[.probeMs]
    probeFrames =
      probeMs == 0 || declareFrames == 0 ? 0 : UInt16(truncatingIfNeeded: SensorConfig.frames(probeMs, rate: rate))
  }

  /// Frames covering `ms` at `rate`, rounded, at least 1: `(ms·rate + 500) / 1000` by a
  /// multiply and shifts (8389 / 2²³ ≈ 1 / 1000), in two halves so no product passes
  /// 2³¹ for `ms` ≤ 5000 and `rate` ≤ 1000. Exact to the frame but where the quotient
  /// lies within 0.03 % below a whole frame (a quarter frame at the largest product).
  @inline(__always)
  static func frames(_ ms: Int32, rate: Int32) -> Int32 {
    let x = ms &* rate &+ 500
    let frames = ((x >> 11) &* 8389 &+ (((x & 0x7FF) &* 8389) >> 11)) >> 12
    return frames < 1 ? 1 : frames
  }
}

/// The constants of baseline tracking and fault detection (Docs/sensor-faults.md),
/// derived from the parameters when they change, in frames and counts.
struct SensorConfig: Equatable {
  /// Frames between two reviews (about 30 ms): stuck detection, rest tracking, the open level.
  static let reviewMs: Int32 = 30
  /// Time since the last touch before the rest level is followed again.
  static let settleMs: Int32 = 500
  /// Good frames that clear a fault.
  static let clearMs: Int32 = 50
  /// A rest reading this far below the learned offset pulls it down (the offset sits
  /// above the rest mean by the calibration's noise margin).
  static let band: Int32 = 16
  /// Largest change between two reviews' readings that still counts as steady.
  static let steady: Int32 = 4
  /// Consecutive settled reviews with noise before stuck detection is armed.
  static let noiseReviews: UInt8 = 4
  /// Review windows without a change that make a stuck cell.
  static let stuckReviews: UInt8 = 2
  /// The rest reading at or above which a reading below a quarter of it is open.
  static let openArming: Int32 = 16
  /// Glitch score (+2 per bad episode, −1 per review) at which contact is intermittent.
  static let intermittentScore: UInt8 = 5

  var reviewFrames: UInt8
  /// Bad frames in a row that make a fault; 0: fault detection off.
  var declareFrames: UInt8
  var clearFrames: UInt8
  var settleFrames: UInt16
  /// Reviews between two one-count steps of the rest level; 0: tracking off.
  var stepReviews: UInt16
  var limit: Int32
  var rail: UInt16

  init(_ p: Parameters) {
    let rate = p[.sampleRateHz]
    reviewFrames = UInt8(SensorConfig.atLeastOne(SensorConfig.reviewMs, rate: rate))
    let faultMs = p[.faultMs]
    declareFrames = faultMs == 0 ? 0 : UInt8(SensorConfig.atLeastOne(faultMs, rate: rate))
    clearFrames = UInt8(SensorConfig.atLeastOne(SensorConfig.clearMs, rate: rate))
    settleFrames = EngineConfig.frames(ms: SensorConfig.settleMs, rate: rate)
    let baselineRate = p[.baselineRate]
    if baselineRate == 0 {
      stepReviews = 0
    } else {
      // Reviews per count: 1000 ms / (rate counts/s × review length in ms), rounded.
      let reviewMicros = Int32(reviewFrames) * 1_000_000 / rate
      let perCount = (1_000_000_000 / (baselineRate * reviewMicros) + 500) / 1000
      stepReviews = UInt16(perCount < 1 ? 1 : perCount)
    }
    limit = p[.baselineLimit]
    rail = declareFrames == 0 ? UInt16.max : UInt16(p[.railLevel])  // off: nothing is out of range
  }

  /// Whole frames covering `ms` at `rate` (rounded), at least 1 and at most 255.
  static func atLeastOne(_ ms: Int32, rate: Int32) -> Int32 {
    let frames = Int32(EngineConfig.frames(ms: ms, rate: rate))
    return frames < 1 ? 1 : (frames > 255 ? 255 : frames)
  }
}

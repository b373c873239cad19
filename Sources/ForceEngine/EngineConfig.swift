/// Everything the frame loop needs from the parameters, derived once per change.
///
/// All divisions and unit conversions (ms to frames, speeds to per-frame units)
/// happen here, so `ForceEngine.step` has none.
struct EngineConfig: Equatable {
  /// Frames that make up the onset window after first contact (Docs/signal-chain.md).
  static let onsetFrames: UInt8 = 4
  /// Half of full scale: the peak a pulse must reach.
  static let pulsePeak: Int32 = 512
  /// Rise a quick press needs, in counts per 16 ms (10 % of full scale, Docs/techniques.md).
  static let quickRiseCountsPer16ms: Int32 = 102
  /// Onset velocity per count of peak force, Q16: full scale maps to 127.
  static let velocityScaleQ16: Int32 = 127 * 65_536 / 1023

  var technique: Technique
  /// Whether either cell has the FSR law, a curve or a sensitivity other than normal: one test
  /// per frame keeps the default path free of both (`ForceEngine.shapeCells`).
  var shapesCells: Bool
  var left: CellCalibration
  var right: CellCalibration
  var filter: LowPassFilter
  var edges: ZoneEdges
  var transfer: TransferFunction
  var range: ValueRange
  var rollThreshold: UInt32
  var pressThroughLevel: Int32
  var quickReleaseFrames: UInt16
  var pulseWindowFrames: UInt16
  var pulseRiseFrames: UInt16
  var pressThroughRiseFrames: UInt16
  /// Positional technique: items per count above rest, Q16, as its whole items per
  /// count and its fraction (Q16), kept apart so neither the frame nor the derivation
  /// needs 64-bit arithmetic: span ≤ 60 000 items, so both fit 32 bits.
  var positionalSlopeWhole: Int32
  var positionalSlopePartQ16: Int32
  /// The cells' FSR law, linearization and sensitivity, after the frame's constants: only
  /// `ForceEngine.shapeCells` reads them.
  var leftShape: CellShape
  var rightShape: CellShape

  /// A configuration derived from validated parameters (the engine's `init`): derived
  /// in a temporary, which `derive(from:)` fills in place.
  static func derived(from p: Parameters) -> EngineConfig {
    withUnsafeTemporaryAllocation(of: EngineConfig.self, capacity: 1) { buffer in
      // Every stored property is trivial, so `derive` may assign the whole value to
      // the uninitialised memory (it reads none of it).
      buffer.baseAddress!.pointee.derive(from: p)
      return buffer[0]
    }
  }

  /// Derives the configuration from validated parameters in place: the one copy of
  /// the derivation in the image, and no whole configuration built on the stack and
  /// copied over this one (`ForceEngine.reset` and `apply` are on the device's
  /// deepest request paths).
  @inline(never)
  mutating func derive(from p: Parameters) {
    self = EngineConfig(p)
  }

  /// Derives the configuration from validated parameters (inlined into
  /// `derive(from:)`, its only caller in the engine).
  @inline(__always)
  init(_ p: Parameters) {
    let rate = p[.sampleRateHz]
    technique = p.technique
    left = CellCalibration(offset: p[.leftOffset], gain: p[.leftGain])
    right = CellCalibration(offset: p[.rightOffset], gain: p[.rightGain])
    let law = p[.fsrLaw] != 0
    leftShape = CellShape(curve: p[.leftCurve], sensitivity: p.sensitivity, law: law)
    rightShape = CellShape(curve: p[.rightCurve], sensitivity: p.sensitivity, law: law)
    shapesCells = leftShape.shapes || rightShape.shapes
    filter = LowPassFilter(timeConstantMs: p[.filterMs], sampleRateHz: rate)
    edges = ZoneEdges(
      contact: p[.contactThreshold], rest: p[.restThreshold], boost: p[.boostThreshold],
      hysteresis: p[.hysteresis])
    transfer = TransferFunction(p)
    range = ValueRange(
      min: p[.rangeMin], max: p[.rangeMax], wraps: p[.wrap] != 0 || p.technique.alwaysWraps,
      unitsPerItem: 1000 * rate)
    rollThreshold = UInt32(p[.rollThreshold])
    pressThroughLevel = p[.pressThroughLevel]
    quickReleaseFrames = EngineConfig.frames(ms: p[.quickReleaseMs], rate: rate)
    pulseWindowFrames = EngineConfig.frames(ms: p[.pulseWindowMs], rate: rate)
    pulseRiseFrames = EngineConfig.riseFrames(from: p[.restThreshold], to: EngineConfig.pulsePeak, rate: rate)
    pressThroughRiseFrames = EngineConfig.riseFrames(
      from: p[.restThreshold], to: p[.pressThroughLevel], rate: rate)
    let slope = EngineConfig.slopeQ16(items: p[.rangeMax] - p[.rangeMin], counts: 1023 - p[.restThreshold])
    positionalSlopeWhole = slope.whole
    positionalSlopePartQ16 = slope.partQ16
  }

  /// `items / counts` in Q16, rounded to nearest, split into whole items and the
  /// fraction; `items` ≥ 0 and `counts` > 0. Exactly `(items × 65 536 + counts / 2) /
  /// counts` in 32-bit arithmetic: the remainder times 65 536 stays below 2^26.
  static func slopeQ16(items: Int32, counts: Int32) -> (whole: Int32, partQ16: Int32) {
    let whole = items / counts
    let part = (((items - whole * counts) << 16) + counts / 2) / counts  // ≤ 65 536
    return (whole + (part >> 16), part & 0xFFFF)
  }

  /// Whole frames covering `ms` milliseconds at `rate` frames per second (rounded).
  static func frames(ms: Int32, rate: Int32) -> UInt16 {
    UInt16((ms * rate + 500) / 1000)  // ≤ 2000 ms × 1000 Hz / 1000
  }

  /// Frames allowed for force to rise from `from` to `to` at the quick-press rate
  /// (Docs/techniques.md: 10 % of full scale per 16 ms), rounded up. Zero when `to ≤ from`.
  static func riseFrames(from: Int32, to: Int32, rate: Int32) -> UInt16 {
    guard to > from else { return 0 }
    let perMs = EngineConfig.quickRiseCountsPer16ms  // counts per 16 ms
    let numerator = (to - from) * 16 * rate  // ≤ 1023 × 16 × 1000
    let denominator = perMs * 1000
    return UInt16((numerator + denominator - 1) / denominator)
  }
}

/// A reading above a preloaded rest, as the thumb alone would make it (`fsr_law`,
/// Docs/signal-chain.md, step 2).
///
/// At the low end an FSR divider reads about `r ∝ F^k` (k = 0.78 for the FSR 402,
/// Hardware/wiring.md). The cap's preload `F₀` reads the rest level `o`; a thumb's
/// force `F` on top reads `r = c·(F₀ + F)^k`, less above `o` than `F` alone would read
/// (`c·F^k`), most near rest. The thumb alone would read
///
///     x̂ = (r^p − o^p)^(1/p),  p = 1/k,
///
/// which is homogeneous: with `x = r − o` and `u = x/o`, `x̂ = o·G(u)`,
/// `G(u) = ((1 + u)^p − 1)^(1/p)`. `G` is stored as eleven straight segments over
/// `u` = 0, ¼, ½, 1, 2, …, 256 (slope and intercept in Q16), so a frame finds its
/// segment by doubling `o/4` and needs neither a division nor a power. The same holds
/// after the gain (`gain·x̂ = (gain·o)·G(gain·x / (gain·o))`), so the engine applies
/// it to the calibrated reading with the offset scaled by the gain.
enum FSRLaw {
  /// Segments of `G`: the last one carries on past u = 256.
  static var segments: Int { 11 }

  /// Segment `index`'s slope less 1.0 and its intercept, Q16: `G(u) ≈ (1 + slope)·u +
  /// intercept`. Generated from k = 0.78 and checked against it by `FSRLawTests`.
  static func segment(_ index: Int) -> (slope: Int32, intercept: Int32) {
    (Int32(fsrLawSlopes[index]), Int32(fsrLawIntercepts[index]))
  }

  /// `x` (a calibrated reading above the offset, 0…1023) as the thumb alone would
  /// make it, given `rest`, the offset on the same scale (≥ 0). Capped at 1023.
  static func reading(_ x: Int32, rest: Int32) -> Int32 { fsrLawReading(x, offset: rest, gainQ16: 65_536) }
}

/// Each segment's slope less 1.0, Q16 (`FSRLaw.segment`): constant, in flash.
let fsrLawSlopes: InlineArray<11, UInt16> = [
  45_180, 18_177, 10_673, 5_738, 2_839, 1_313, 579, 248, 104, 43, 18,
]

/// Each segment's intercept, Q16 (`FSRLaw.segment`): constant, in flash.
let fsrLawIntercepts: InlineArray<11, UInt16> = [
  0, 6_751, 10_503, 15_438, 21_236, 27_338, 33_210, 38_513, 43_112, 47_005, 50_258,
]

/// `FSRLaw.reading` for a cell whose offset and gain are `offset` and `gainQ16`: the
/// rest is the offset on the calibrated scale (rounded as `CellCalibration.linear`
/// rounds; rest tracking may have moved the offset since the parameters changed). One
/// copy for both cells, out of the frame's default path.
@inline(never) @_optimize(size)
func fsrLawReading(_ x: Int32, offset: Int32, gainQ16: Int32) -> Int32 {
  // x = 0 reads 0: segment 0's intercept is 0.
  let rest = ((offset &* gainQ16) >> 15 &+ 1) >> 1
  var edge = rest >> 2  // u = ¼
  var index = 0
  while x > edge && index < 10 {
    edge <<= 1
    index &+= 1
  }
  // x·(65 536 + slope) ≤ 1023 × 110 716 and rest ≤ 10 230 (offset 1022, gain 10):
  // both products and the sum stay below 2^31. Rounded as `CellCalibration.linear` rounds.
  let sum = x << 16 &+ x &* Int32(fsrLawSlopes[index]) &+ rest &* Int32(fsrLawIntercepts[index])
  let value = (sum >> 15 &+ 1) >> 1
  return value > 1023 ? 1023 : value
}

extension ForceEngine {
  /// The exponent k of the FSR's law `reading ∝ force^k` that `fsr_law` assumes, in
  /// thousandths (the engine is fixed point): the FSR 402's, from its datasheet curve
  /// (Hardware/wiring.md). `FSRLaw`'s segments are generated from it (`FSRLawTests`).
  public static var fsrLawExponentThousandths: Int32 { 780 }

  /// A raw `reading` of a cell whose rest (offset) is `offset`, as the thumb alone
  /// would make it under the FSR law, in raw counts above the offset (0 at or below
  /// it): what `fsr_law` makes of it before the gain. For calibration on the host.
  public static func fsrLawReading(_ reading: Int32, offset: Int32) -> Int32 {
    FSRLaw.reading(reading - offset > 1023 ? 1023 : max(0, reading - offset), rest: offset)
  }
}

import ForceEngine

/// Telemetry's position in thousandths of an item without a division per frame.
///
/// `FrameOutput.positionMilli(unitsPerItem:)` divides twice, by 1000 and by the sample rate: about
/// 330 instructions on the Cortex-M0, which has no divide instruction, and more than
/// the engine's whole frame. Here the divisions happen once per `unitsPerItem`, and a
/// frame takes a multiply, a shift and one correction step: the same result, for
/// every fraction the engine outputs (|fraction| ≤ `unitsPerItem` / 2) at every
/// sample rate up to 2 000 Hz (`PositionScaleTests` checks them against
/// `positionMilli`).
struct PositionScale {
  /// The position units per item this scale is for (1000 × the sample rate).
  private(set) var unitsPerItem: Int32 = 0
  /// Units per thousandth of an item (the sample rate), doubled.
  private var divisor: Int32 = 1
  /// ⌈2^21 / `divisor`⌉.
  private var reciprocal: Int32 = 1 << 21

  /// Thousandths of an item at `output`'s position, as `output.positionMilli(unitsPerItem:)`.
  mutating func positionMilli(of output: FrameOutput, unitsPerItem units: Int32) -> Int32 {
    if units != unitsPerItem { rescale(unitsPerItem: units) }
    // The offset from the item, rounded half up: ⌊(2f + r) / 2r⌋ with r the rate.
    // |2f + r| ≤ 1001 r < 2^21 and r·reciprocal ≤ 2^20 + r, so the product stays below
    // 2^31, and the estimate is the quotient or one off it, which the remainder mends.
    let twice = output.fraction &* 2 &+ (divisor >> 1)
    var quotient = (twice &* reciprocal) >> 21
    let remainder = twice &- quotient &* divisor
    if remainder < 0 {
      quotient &-= 1
    } else if remainder >= divisor {
      quotient &+= 1
    }
    return output.value &* 1000 &+ quotient
  }

  /// Takes the new units (and the divisions) when the sample rate changes.
  @inline(never)
  private mutating func rescale(unitsPerItem units: Int32) {
    unitsPerItem = units
    let rate = units / 1000
    divisor = rate > 0 ? rate * 2 : 2
    reciprocal = ((1 << 21) + divisor - 1) / divisor
  }
}

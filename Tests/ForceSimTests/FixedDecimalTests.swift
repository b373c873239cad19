import ForceTrace
import Foundation
import Testing

@testable import ForceSim

/// `StudySummary.fixed` prints what `String(format: "%.Nf")` prints, digit for digit,
/// without going through it for the numbers a study prints.
struct FixedDecimalTests {
  @Test func itPrintsWhatPrintfPrints() {
    // Halves that are exact in binary (printf rounds them to even), halves that are
    // not, signs and zeros, a subnormal, and the edges of the integer arithmetic.
    var values: [Double] = [
      0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, -0.125, 0.05, 0.15, 0.25, 0.35, 1.005, 2.675, -0.01, -0.04,
      1e-20, Double.leastNonzeroMagnitude, 0x1p-67, 0x1p-66, 0x1p62, 0x1.fffffffffffffp62, 9_999.999_95, 3.57, 6554.0,
      -1_234_567.891,
    ]
    var random = SplitMix64(seed: 30)
    for _ in 0..<2000 {
      let magnitude = [1.0, 10, 1000, 1e6, 1e-3][Int(random.next() % 5)]
      values.append((random.unit() * 2 - 1) * magnitude)
      values.append(Double(Int(random.next() % 200_000)) / 8 - 12_500)  // multiples of 1/8: exact ties
    }
    for x in values {
      for places in 0...6 {
        #expect(StudySummary.fixed(x, places) == String(format: "%.\(places)f", x), "\(x) to \(places) places")
      }
    }
  }

  @Test func studyNumbersTakeTheIntegerPath() {
    for x in [0.0, -0.0, 3.57, 0.9614583, 6_554.25, -29.6, 1e-19, 1e18] {
      #expect(FixedDecimal.text(x, places: 3) != nil)
    }
    for x in [Double.nan, .infinity, 1e19, 1e-25] {
      #expect(FixedDecimal.text(x, places: 3) == nil)
    }
  }
}

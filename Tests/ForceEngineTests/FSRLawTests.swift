import ForceReference
import ForceTrace
import Foundation
import Testing

@testable import ForceEngine

/// `fsr_law` (Docs/signal-chain.md, step 2): the segments come from the exponent, the
/// exponent is the sensor model's nominal part, and a reading follows the exact law.
@Suite struct FSRLawTests {
  /// G(u) = ((1 + u)^p − 1)^(1/p), p = 1/k.
  static func g(_ u: Double) -> Double {
    let p = 1000 / Double(ForceEngine.fsrLawExponentThousandths)
    return pow(pow(1 + u, p) - 1, 1 / p)
  }

  @Test func theSegmentsAreGeneratedFromTheExponent() {
    let knots = [0.0] + (1...FSRLaw.segments).map { pow(2, Double($0 - 3)) }  // 0, ¼, ½, 1, …, 256
    for index in 0..<FSRLaw.segments {
      let (a, b) = (knots[index], knots[index + 1])
      let slope = (Self.g(b) - Self.g(a)) / (b - a)
      let expected = (Int((slope - 1) * 65_536 + 0.5), Int((Self.g(a) - a * slope) * 65_536 + 0.5))
      let stored = FSRLaw.segment(index)
      #expect(Int(stored.slope) == expected.0 && Int(stored.intercept) == expected.1, "segment \(index)")
    }
  }

  @Test func theExponentIsTheSensorModelsNominalPart() {
    #expect(Double(ForceEngine.fsrLawExponentThousandths) / 1000 == SensorProfile.typical.forceExponent)
    #expect(Double(ForceEngine.fsrLawExponentThousandths) / 1000 == SensorProfile.worn.forceExponent)
  }

  /// Within 2 counts of the exact law wherever a press is more than half the rest
  /// above it, for rests a preloaded cap gives (up to 150 counts on the calibrated scale).
  @Test func aReadingFollowsTheExactLaw() {
    var worst = 0.0
    for rest in Int32(8)...150 {
      for x in (rest / 2)...1023 {
        let exact = ReferenceCell.fsrLaw(Double(x), rest: Double(rest))
        guard exact < 1023 else { break }
        worst = max(worst, abs(Double(FSRLaw.reading(x, rest: rest)) - exact))
      }
    }
    #expect(worst <= 2, "largest difference \(worst) counts")
  }

  @Test func itRaisesTheLowEndMostAndKeepsOrder() {
    let rest: Int32 = 50
    var previous: Int32 = 0
    for x in Int32(0)...1023 {
      let value = FSRLaw.reading(x, rest: rest)
      #expect(value >= previous && value >= x && value <= 1023, "x \(x)")
      previous = value
    }
    // What the thumb alone reads: 20 counts above a 50-count rest are 30.9 of its own,
    // 500 above it 530.1 (the exact law).
    #expect(abs(FSRLaw.reading(20, rest: rest) - 31) <= 1)
    #expect(abs(FSRLaw.reading(500, rest: rest) - 530) <= 1)
  }

  @Test func withoutARestItIsTheIdentity() {
    for x in Int32(0)...1023 { #expect(FSRLaw.reading(x, rest: 0) == x) }
  }
}

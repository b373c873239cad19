import ForceSim
import Foundation
import Testing

/// The statistics of `study report`: t quantiles, confidence intervals, log-time means
/// and Tukey's fences, against table values and hand-worked sets.
@Suite struct StudyStatisticsTests {
  /// t(p, df) from the printed tables (three decimals).
  static let table: [(Double, Int, Double)] = [
    (0.975, 1, 12.706), (0.975, 2, 4.303), (0.975, 3, 3.182), (0.975, 4, 2.776), (0.975, 5, 2.571),
    (0.975, 10, 2.228), (0.975, 20, 2.086), (0.975, 30, 2.042), (0.975, 60, 2.000), (0.975, 120, 1.980),
    (0.95, 10, 1.812), (0.95, 1, 6.314), (0.995, 4, 4.604), (0.995, 29, 2.756), (0.9, 7, 1.415),
  ]

  @Test(arguments: 0..<table.count)
  func quantileMatchesTheTable(_ index: Int) {
    let (p, df, expected) = Self.table[index]
    #expect(abs(StudentT.quantile(p, df: df) - expected) < 5e-4, "t(\(p), \(df))")
    #expect(abs(StudentT.quantile(1 - p, df: df) + expected) < 5e-4, "t(\(1 - p), \(df))")
  }

  @Test func distributionFunctionHasItsClosedForms() {
    #expect(StudentT.cdf(0, df: 7) == 0.5)
    #expect(abs(StudentT.cdf(1, df: 1) - 0.75) < 1e-12)  // Cauchy: ½ + atan(1)/π
    #expect(abs(StudentT.cdf(2, df: 2) - (0.5 + 1 / 6.0.squareRoot())) < 1e-12)  // ½ + t / (2√(t² + 2))
    #expect(abs(StudentT.cdf(-2, df: 2) - (0.5 - 1 / 6.0.squareRoot())) < 1e-12)
    // Many degrees of freedom approach the normal's 1.95996.
    #expect(abs(StudentT.quantile(0.975, df: 5000) - 1.9604) < 5e-4)
  }

  @Test func intervalOfAMeanUsesTWithNMinusOneDegrees() throws {
    let sample = SampleStats([1, 2, 3, 4, 5])  // mean 3, SD √2.5
    let half = try #require(StudentT.halfWidth(of: sample))
    #expect(abs(half - 2.776445 * 2.5.squareRoot() / 5.0.squareRoot()) < 1e-5)
    #expect(StudentT.halfWidth(of: SampleStats([4.0])) == nil)
  }

  @Test func logTimeGivesTheGeometricMeanAndAnIntervalSymmetricOnTheLogScale() throws {
    let time = TimeEstimate([100, 1000, 10_000])
    #expect(time.count == 3)
    #expect(abs(time.plain.mean - 3700) < 1e-9)
    let mean = try #require(time.geometricMean)
    #expect(abs(mean - 1000) < 1e-9)
    #expect(abs(time.log.sd - log(10.0)) < 1e-12)
    let interval = try #require(time.geometricInterval)
    #expect(abs(interval.upperBound / mean - exp(4.302653 * log(10.0) / 3.0.squareRoot())) < 1e-3)
    #expect(abs(interval.lowerBound * interval.upperBound / (mean * mean) - 1) < 1e-9)
    #expect(TimeEstimate([]).geometricMean == nil && TimeEstimate([500]).geometricInterval == nil)
  }

  @Test func tukeyFencesAtThreeIQRs() throws {
    let fences = try #require(TukeyFences([9, 1, 2, 3, 4, 5, 6, 7, 8, 100]))
    #expect(fences.q1 == 3.25 && fences.q3 == 7.75)  // linear between order statistics
    #expect(fences.lower == -10.25 && fences.upper == 21.25)
    #expect(fences.excludes(100) && fences.excludes(21.5) && fences.excludes(-11))
    #expect(!fences.excludes(21.25) && !fences.excludes(9) && !fences.excludes(-10.25))
    let five = try #require(TukeyFences([5, 1, 4, 2, 3], k: 1.5))
    #expect(five.q1 == 2 && five.q3 == 4 && five.upper == 7)
    // With four values no value can lie outside (Q3 moves with the largest), so none get fences.
    #expect(TukeyFences([1, 2, 3, 1000]) == nil)
  }
}

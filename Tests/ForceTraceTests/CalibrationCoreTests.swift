import ForceHostCore
import ForceTrace
import Testing

/// ForceHostCore's calibration maths, which the page's wasm module runs too: its
/// allocation-free statistics agree with the plain definitions.
@Suite struct CalibrationCoreTests {
  @Test func percentileByCountingIsTheNearestRankOfTheSortedValues() {
    var noise = SplitMix64(seed: 7)
    for count in [1, 2, 9, 10, 199, 200, 201] {
      let values = (0..<count).map { _ in UInt16(noise.next() % 1024) }
      let sorted = values.sorted()
      for p in [0.0, 0.5, 0.9, 1.0] {
        let rank = min(count - 1, Int((Double(count - 1) * p).rounded()))
        #expect(ReadingStatistics.percentile(values, p) == Int(sorted[rank]), "count \(count), p \(p)")
      }
    }
    #expect(ReadingStatistics.percentile([UInt16](), 0.9) == 0)
  }

  @Test func nearestRoundsHalvesAwayFromZeroLikeRounded() {
    for value in [0.5, 1.5, 2.5, -0.5, -2.5, 0.49999999999999994, 1742.16, -3.7, 1e15 + 0.5, 4_503_599_627_370_497] {
      #expect(Rounding.nearest(value) == value.rounded(), "\(value)")
    }
  }

  @Test func textsWriteNumbersAndTenths() {
    var text = TextBuffer()
    text.write(-250)
    text.write(" ")
    text.write(0)
    text.write(" ")
    text.write(tenths: 20.25)
    text.write(" ")
    text.write(tenths: -0.04)
    #expect(text.string == "-250 0 20.3 0.0")  // a mean is never negative; no "-0.0"
  }

  @Test func aPressThatNeverRisesIsRefusedNamingTheCell() {
    let rest = CalibrationRecording(left: [UInt16](repeating: 20, count: 20), right: [UInt16](repeating: 25, count: 20))
    let right = CalibrationRecording(
      left: [UInt16](repeating: 20, count: 20), right: [UInt16](repeating: 700, count: 20))
    #expect(throws: CalibrationRefusal.noRise(.left, peak: 20, restHigh: 20)) {
      try CalibrationCheck.propose(rest: rest, left: rest, right: right, railLevel: 1000)
    }
    #expect(
      CalibrationRefusal.noRise(.left, peak: 20, restHigh: 20).message
        == "calibration refused: the left cell did not rise above its rest (press 20, rest up to 20) during the left press step: press the left side firmly; if you did, its lead may be broken: check the left cell's wiring (Hardware/wiring.md); no parameter changed"
    )
  }
}

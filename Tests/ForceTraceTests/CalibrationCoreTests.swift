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
    #expect(throws: CalibrationRefusal.noRise(.left, .left, peak: 20, restHigh: 20)) {
      try CalibrationCheck.propose(rest: rest, left: rest, right: right, railLevel: 1000)
    }
    #expect(
      CalibrationRefusal.noRise(.left, .left, peak: 20, restHigh: 20).message
        == "calibration refused: the left cell did not rise above its rest (press 20, rest up to 20) during the left press step: press the left side firmly; if you did, its lead may be broken: check the left cell's wiring (Hardware/wiring.md); no parameter changed"
    )
  }

  /// The medium presses, checked as the firm ones are (naming the medium press) and
  /// then for what only a medium press can get wrong.
  @Test func mediumPressesAreCheckedAndRefusedNamingThePress() {
    func recording(_ left: UInt16, _ right: UInt16) -> CalibrationRecording<[UInt16]> {
      CalibrationRecording(
        left: (0..<20).map { left + UInt16($0 % 3) }, right: (0..<20).map { right + UInt16($0 % 3) })
    }
    let rest = recording(20, 25)  // offsets 29, 34
    let left = recording(600, 30)
    let right = recording(20, 700)
    func propose(_ mediumLeft: CalibrationRecording<[UInt16]>, _ mediumRight: CalibrationRecording<[UInt16]>)
      -> String
    {
      do {
        let fit = try CalibrationCheck.propose(
          rest: rest, left: left, right: right, mediumLeft: mediumLeft, mediumRight: mediumRight, railLevel: 1000)
        var text = TextBuffer()
        fit.writeSummary(to: &text)
        return text.string
      } catch { return error.message }
    }
    #expect(
      propose(recording(300, 40), recording(30, 350))
        == """
          measured: rest left 21.0, rest right 26.0, left press 602, right press 702, left medium 301, right medium 340 above rest by the FSR law
          proposed: left_offset=29 right_offset=34 left_gain=1709 right_gain=1504 fsr_law=1
        """)
    #expect(
      propose(rest, recording(30, 350))
        == "calibration refused: the left cell did not rise above its rest (press 22, rest up to 22) during the left medium press step: press the left side at medium force; if you did, its lead may be broken: check the left cell's wiring (Hardware/wiring.md); no parameter changed"
    )
    #expect(
      propose(recording(300, 40), recording(30, 1000))
        == "calibration refused: the right cell sat at the rail (1002, rail_level 1000: shorted to the supply?) during the right medium press step: check the right cell's wiring (Hardware/wiring.md); no parameter changed"
    )
    #expect(
      propose(recording(60, 40), recording(30, 350))
        == "the left medium press read only 61 (rest 29): press the left side at medium force and try again")
    #expect(
      propose(recording(300, 40), recording(30, 650))
        == "the right medium press read 651, nearly as much as the firm press (702): press the right side about half as hard and try again"
    )
    #expect(
      propose(recording(100, 300), recording(30, 350))
        == "the left medium press read more on the right cell than on the left one: press the left side and try again")
    #expect(
      propose(recording(300, 40), recording(320, 350))
        == "the left medium press read less on the left cell than the right medium press did: press the left side at medium force and try again"
    )
  }
}

import Testing

@testable import ForceTrace

/// Erratum RP2040-E11 through the sensor model: a slow ramp through each wide code
/// on the model's Pico, read as the firmware reads it (`E11Correction`, board `pico`)
/// and, for comparison, without the correction (the 12-bit code rounded,
/// (x + 2) >> 2: board `pico-uncorrected`).
@Suite struct PicoE11Tests {
  /// The readings of the ideal profile on `board` for the levels `input`, one a frame.
  static func readings(_ input: [Double], on board: SensorBoard) -> [Int] {
    var model = SensorModel(profile: .ideal, board: board, seed: 1)
    return input.enumerated().map { Int(model.read(left: $1, right: 0, timeMs: 5 * Double($0)).left) }
  }

  /// What a converter without the erratum reads for `level`: the exact 12-bit
  /// conversion, rounded to 10 bits as the uncorrected Pico rounds.
  static func exact(_ level: Double) -> Int {
    Int(SensorBoard.tenBits(UInt16((level * 4095 / 1023).rounded(.toNearestOrAwayFromZero))))
  }

  /// One ramp of the ideal profile on the Pico from `code` − 12 to `code` + 12
  /// counts, 0.01 counts a frame: the corrected readings, the uncorrected ones and
  /// what a converter without the erratum would read, frame by frame.
  static func ramp(through code: Double) -> (input: [Double], corrected: [Int], raw: [Int], exact: [Int]) {
    let input = (0...2400).map { code - 12 + Double($0) * 0.01 }
    return (input, readings(input, on: .pico), readings(input, on: .picoUncorrected), input.map(exact))
  }

  static func mean(_ values: [Int]) -> Double { Double(values.reduce(0, +)) / Double(values.count) }

  @Test(arguments: [128, 384, 640, 896] as [Double])
  func theCorrectionRemovesTheForceStep(code: Double) {
    let ramp = Self.ramp(through: code)
    let steps = zip(ramp.corrected, ramp.corrected.dropFirst()).map { $1 - $0 }
    #expect(steps.allSatisfy { $0 == 0 || $0 == 1 }, "monotonic, one count at a time")
    let error = zip(ramp.corrected, ramp.exact).map { $0 - $1 }
    let rawError = zip(ramp.raw, ramp.exact).map { $0 - $1 }
    #expect(error.allSatisfy { abs($0) <= 1 })
    // Away from the wide code (more than 3 counts either side), the uncorrected
    // readings sit about a count above the exact converter below it and a count
    // under it above: a step of two counts in force. Corrected, both sides agree.
    let below = ramp.input.indices.filter { ramp.input[$0] < code - 3 }
    let above = ramp.input.indices.filter { ramp.input[$0] > code + 3 }
    let rawBelow = Self.mean(below.map { rawError[$0] })
    let rawAbove = Self.mean(above.map { rawError[$0] })
    #expect(rawBelow > 0.8 && rawAbove < -0.8, "uncorrected: \(rawBelow) below, \(rawAbove) above")
    #expect(rawBelow - rawAbove > 1.8, "uncorrected step \(rawBelow - rawAbove)")
    let step = Self.mean(below.map { error[$0] }) - Self.mean(above.map { error[$0] })
    #expect(abs(step) < 0.3, "corrected step \(step)")
  }

  /// Docs/sensor-model.md's table: whole-count inputs 122…134 through the ideal Pico.
  @Test func theWholeCountRampOfTheDocument() {
    let input = (122...134).map(Double.init)
    let corrected = Self.readings(input, on: .pico)
    let raw = Self.readings(input, on: .picoUncorrected)
    #expect(corrected == [122, 123, 124, 125, 126, 128, 128, 128, 130, 131, 132, 133, 134])
    #expect(raw == [123, 124, 125, 126, 127, 128, 128, 128, 129, 130, 131, 132, 133])
  }

  /// The whole range: the uncorrected error reaches two counts, the corrected one.
  @Test func theCorrectedErrorStaysWithinACountEverywhere() {
    var worstRaw = 0
    var worst = 0
    for k in 0...102_300 {
      let level = Double(k) * 0.01
      let exact = Self.exact(level)
      worstRaw = max(worstRaw, abs(Int(SensorBoard.picoUncorrected.reading(level: level, noise: 0)) - exact))
      worst = max(worst, abs(Int(SensorBoard.pico.reading(level: level, noise: 0)) - exact))
    }
    #expect(worstRaw == 2 && worst == 1)
  }
}

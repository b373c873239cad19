import Foundation
import Testing

@testable import ForceTrace

/// The sensor model's profiles and boards (Docs/sensor-model.md), measured on its output.
@Suite struct SensorModelTests {
  /// `count` frames of steady ideal counts, `stepMs` apart, read through `model`.
  static func steady(
    _ model: inout SensorModel, _ level: Double, count: Int, fromMs: Double = 0, stepMs: Double = 5
  ) -> [(left: UInt16, right: UInt16)] {
    (0..<count).map { model.read(left: level, right: level, timeMs: fromMs + Double($0) * stepMs) }
  }

  static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

  static func sd(_ values: [Double]) -> Double {
    let m = mean(values)
    return (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(values.count - 1)).squareRoot()
  }

  /// The FSR resistance a reading stands for, in units of R_M (the divider solved for it).
  static func ohms(_ reading: UInt16) -> Double { (1023 - Double(reading)) / Double(reading) }

  @Test func idealIsTheIdentityOnRandomInputs() {
    var model = SensorModel(profile: .ideal, board: .microbit, seed: 3)
    var random = SplitMix64(seed: 99)
    for k in 0..<20_000 {
      // Whole counts, halves (the rounding ties), fractions, and values outside 0...1023.
      let left = (random.uniform(-40, 1080) * 2).rounded() / 2
      let right = random.uniform(-40, 1080)
      let reading = model.read(left: left, right: right, timeMs: Double(k) * 5)
      func expected(_ x: Double) -> UInt16 { UInt16(min(1023, max(0, x.rounded(.toNearestOrAwayFromZero)))) }
      #expect(reading.left == expected(left) && reading.right == expected(right), "at \(left), \(right)")
    }
    let frames = (0..<500).map { RawFrame(left: UInt16($0 * 2 % 1024), right: UInt16(1023 - $0), timeMs: $0 * 5) }
    var again = SensorModel()
    #expect(again.apply(to: frames) == frames)
  }

  @Test func theSameSeedGivesTheSameReadingsAndAnotherSeedOthers() throws {
    let script = try GestureScript.parse(
      "hold 0 0 for 100ms\nramp to 300 200 over 400ms\nhold for 2s\nrelease over 100ms")
    let frames = script.frames()
    let faults = [try SensorFault.parse("intermittent:left@1s+1s"), try SensorFault.parse("drift:right@0.5s")]
    func run(_ seed: UInt64, _ board: SensorBoard) -> [RawFrame] {
      var model = SensorModel(profile: .typical, board: board, seed: seed, faults: faults)
      return model.apply(to: frames)
    }
    for board in SensorBoard.allCases {
      #expect(run(7, board) == run(7, board))
      let differing = zip(run(7, board), run(8, board)).filter { $0 != $1 }.count
      #expect(differing > frames.count / 2, "\(board): only \(differing) of \(frames.count) frames differ")
    }
    // Pinned: the first readings of seed 1 at rest and pressed, so a change of stream or
    // arithmetic shows here rather than as a silent change of every trace.
    var model = SensorModel(profile: .typical, seed: 1)
    let rest = (0..<4).map { model.read(left: 0, right: 0, timeMs: Double($0) * 5) }
    let pressed = (4..<8).map { model.read(left: 400, right: 200, timeMs: Double($0) * 5) }
    #expect(rest.map(\.left) + rest.map(\.right) == SensorModelTests.pinnedRest)
    #expect(pressed.map(\.left) + pressed.map(\.right) == SensorModelTests.pinnedPressed)
  }

  static let pinnedRest: [UInt16] = [44, 48, 47, 45, 44, 44, 42, 44]
  static let pinnedPressed: [UInt16] = [392, 391, 390, 391, 211, 214, 212, 211]

  @Test(arguments: SensorBoard.allCases)
  func typicalNoiseHasTheProfilesSpread(_ board: SensorBoard) {
    var model = SensorModel(profile: .typical, board: board, seed: 11)
    let readings = Self.steady(&model, 400, count: 4000)
    // Successive differences: the slow changes (creep, settling) cancel, the noise adds twice.
    for cell in [readings.map(\.left), readings.map(\.right)] {
      let steps = zip(cell.dropFirst(), cell).map { Double($0) - Double($1) }
      let sigma = Self.sd(steps) / 2.squareRoot()
      let expected = SensorProfile.typical.adcNoiseCounts
      #expect(abs(sigma - expected) <= 0.2 * expected, "σ \(sigma) on \(board)")
    }
  }

  @Test func thePreloadReadsAtRestAndSettlesUpwards() {
    var means: [Double] = []
    for seed in UInt64(1)...60 {
      var model = SensorModel(profile: .typical, seed: seed)
      let rest = Self.steady(&model, 0, count: 200)
      means.append(Self.mean(rest.map { Double($0.left) }))
      means.append(Self.mean(rest.map { Double($0.right) }))
    }
    // Drawn from 30...60 counts a cell, moved by the part's spread and a little noise.
    #expect(means.allSatisfy { (24...70).contains($0) }, "\(means.min()!)...\(means.max()!)")
    #expect(Self.sd(means) > 5)
    // The pads settle: +4 counts over minutes (temperature held still to see it alone).
    var profile = SensorProfile.typical
    profile.temperatureDrift = 0...0
    var model = SensorModel(profile: profile, seed: 5)
    let early = Self.mean(Self.steady(&model, 0, count: 400).map { Double($0.left) })
    let late = Self.mean(Self.steady(&model, 0, count: 400, fromMs: 900_000).map { Double($0.left) })
    #expect((3...5).contains(late - early), "settled by \(late - early)")
  }

  @Test func aPreloadedCellReadsALightTouchAndABareCellOnlyPastTheBreakForce() {
    // Under the cap (typical: preloaded), a light resting thumb, 60 ideal counts a cell
    // (about 0.06 N, well below the 0.2 N break force), reads well above the rest level.
    var model = SensorModel(profile: .typical, seed: 2)
    let rest = Self.steady(&model, 0, count: 100)
    let light = Self.steady(&model, 60, count: 100, fromMs: 500)
    for cell in [\(left: UInt16, right: UInt16).left, \.right] {
      let above = Self.mean(light.map { Double($0[keyPath: cell]) }) - Self.mean(rest.map { Double($0[keyPath: cell]) })
      #expect(above > 25, "a light touch reads only \(above) above rest")
    }
    // A bare cell (no preload) is open below the break force: 120 ideal counts a cell
    // (0.17 N) read as nothing; 160 (0.25 N) read.
    var profile = SensorProfile.typical
    profile.preloadCounts = 0...0
    profile.preloadSettleCounts = 0
    var bare = SensorModel(profile: profile, seed: 2)
    let below = Self.steady(&bare, 120, count: 100)
    let past = Self.steady(&bare, 160, count: 100, fromMs: 500)
    #expect(below.allSatisfy { $0.left <= 5 && $0.right <= 5 }, "\(below.prefix(4))")
    #expect(past.allSatisfy { $0.left >= 100 && $0.right >= 100 }, "\(past.prefix(4))")
  }

  @Test(arguments: [SensorProfile.typical, .worn])
  func partsSpreadAcrossSeedsAsTheProfileSays(_ named: SensorProfile) {
    // The part's spread alone (everything else of the profile off), one reading a seed.
    var profile = SensorProfile.ideal
    profile.partSpread = named.partSpread
    let nominal = Self.ohms(400)
    var factors: [Double] = []
    for seed in UInt64(1)...600 {
      var model = SensorModel(profile: profile, seed: seed)
      let reading = model.read(left: 400, right: 400, timeMs: 0)
      factors += [Self.ohms(reading.left) / nominal, Self.ohms(reading.right) / nominal]
    }
    let spread = Self.sd(factors)
    #expect(abs(spread - named.partSpread) <= 0.1 * named.partSpread, "spread \(spread)")
    #expect(abs(Self.mean(factors) - 1) < 0.02)
  }

  @Test func theSameLevelReadsHigherOnTheWayDown() {
    var profile = SensorProfile.ideal
    profile.hysteresis = SensorProfile.typical.hysteresis
    var model = SensorModel(profile: profile, seed: 1)
    // Up 0 → 600 and down again, one count a frame.
    let up = (0...600).map { model.read(left: Double($0), right: 0, timeMs: Double($0) * 5).left }
    let down = (0...600).map { model.read(left: Double(600 - $0), right: 0, timeMs: 3005 + Double($0) * 5).left }
    let rising = up[300]
    let falling = down[300]
    #expect(rising == 300)
    // Far enough below the turn, the falling branch is the datasheet's 10 % lower resistance.
    #expect(abs(Self.ohms(falling) / Self.ohms(rising) - 0.9) < 0.01, "\(rising) up, \(falling) down")
    // The full typical profile: a press up through 300 to 600 and back, 300 held for
    // 100 ms on each side (averaged: noise, creep and crosstalk are all in).
    var typical = SensorModel(profile: .typical, seed: 4)
    var t = 0.0
    func go(_ from: Double, _ to: Double, frames: Int) -> [Double] {
      (0..<frames).map { k in
        t += 5
        return Double(typical.read(left: from + (to - from) * Double(k) / Double(frames), right: 0, timeMs: t).left)
      }
    }
    _ = go(0, 300, frames: 100)
    let heldUp = Self.mean(go(300, 300, frames: 20))
    _ = go(300, 600, frames: 100)
    _ = go(600, 300, frames: 100)
    let heldDown = Self.mean(go(300, 300, frames: 20))
    #expect(heldDown - heldUp > 12, "\(heldUp) up, \(heldDown) down")
  }

  @Test func profileAndBoardNamesAndTheirErrors() throws {
    #expect(try SensorProfile.named("Typical") == .typical)
    #expect(SensorProfile.allNames == ["ideal", "typical", "worn"])
    #expect(try SensorBoard.named("PICO") == .pico)
    #expect(try SensorBoard.named("Pico-Uncorrected") == .picoUncorrected)
    #expect(SensorBoard.allNames == ["microbit", "pico", "pico-uncorrected"])
    #expect(
      throws: SensorError(
        "unknown sensor profile 'typcal' (did you mean 'typical'?); sensor profiles: ideal, typical, worn")
    ) {
      try SensorProfile.named("typcal")
    }
    #expect(throws: SensorError("unknown board 'arduino'; boards: microbit, pico, pico-uncorrected")) {
      try SensorBoard.named("arduino")
    }
    #expect(SensorProfile.ideal.passesThrough && !SensorProfile.typical.passesThrough)
  }
}

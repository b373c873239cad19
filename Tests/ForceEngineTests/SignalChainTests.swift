import ForceTestSupport
import Testing

@testable import ForceEngine

@Suite struct SignalChainTests {
  @Test func defaultCalibrationIsIdentity() {
    let cell = CellCalibration(offset: 0, gain: 1000)
    var shape = CellShape(curve: 0, sensitivity: .normal, law: false)
    #expect(!shape.shapes)
    for raw in [0, 1, 30, 205, 512, 818, 1023] {
      #expect(CellShape.shape(&shape, cell.linear(UInt16(raw)), cell) == Int32(raw))
    }
  }

  /// The positional slope in 32-bit arithmetic is exactly the 64-bit rounded
  /// quotient it replaced, over the whole span and rest ranges.
  @Test func positionalSlopeMatchesTheWideQuotient() {
    for counts in Int32(2)...1021 {
      for items in stride(from: Int32(1), through: 60_000, by: 997) + [60_000] {
        let wide = (Int64(items) * 65_536 + Int64(counts / 2)) / Int64(counts)
        let slope = EngineConfig.slopeQ16(items: items, counts: counts)
        #expect(Int64(slope.whole) << 16 | Int64(slope.partQ16) == wide, "items \(items) counts \(counts)")
      }
    }
  }

  @Test func offsetAndGainScaleAndClamp() {
    let cell = CellCalibration(offset: 100, gain: 1500)
    #expect(cell.linear(50) == 0)  // below the offset clamps to 0
    #expect(cell.linear(100) == 0)
    #expect(cell.linear(300) == 300)  // (300 − 100) × 1.5
    #expect(cell.linear(782) == 1023)  // 682 × 1.5 = 1023
    #expect(cell.linear(1023) == 1023)  // clamped
  }

  @Test func sensitivityScalesAndSaturates() {
    var light = CellShape(curve: 0, sensitivity: .light, law: false)
    var firm = CellShape(curve: 0, sensitivity: .firm, law: false)
    #expect(light.shapes && firm.shapes)
    #expect(CellShape.shape(&light, 400, CellCalibration(offset: 0, gain: 1000)) == 500)  // × 60/48
    #expect(CellShape.shape(&light, 900, CellCalibration(offset: 0, gain: 1000)) == 1023)  // saturates
    #expect(CellShape.shape(&firm, 600, CellCalibration(offset: 0, gain: 1000)) == 500)  // × 60/72
    #expect(CellShape.shape(&firm, 1023, CellCalibration(offset: 0, gain: 1000)) == 852)
  }

  @Test func linearizationCurveKeepsEndsAndLiftsTheMiddle() {
    var curve = LinearizationCurve(strength: 500)
    #expect(LinearizationCurve.apply(&curve, 0) == 0)
    #expect(LinearizationCurve.apply(&curve, 1023) >= 1020)
    // Exact: y = x(1−c)/(1−cx) at x = 0.5, c = 0.5 → 1/3 of full scale.
    #expect(abs(LinearizationCurve.apply(&curve, 512) - 341) <= 3)
    var last: Int32 = -1
    for x in Int32(0)...1023 {
      let y = LinearizationCurve.apply(&curve, x)
      #expect(y >= last)  // monotonic
      last = y
    }
  }

  @Test func filterStepResponseFollowsTheTimeConstant() {
    // τ = 10 ms at 200 Hz: α = 1000 / (10·200 + 1000) = 1/3.
    var filter = LowPassFilter(timeConstantMs: 10, sampleRateHz: 200)
    #expect(filter.alpha == 1365)
    var outputs: [Double] = []
    for _ in 0..<40 { outputs.append(Double(filter.step(1000)) / 256) }
    for (n, y) in outputs.enumerated() {
      let exact = 1000 * (1 - pow(2.0 / 3.0, Double(n + 1)))
      #expect(abs(y - exact) < 1.0, "frame \(n): \(y) vs \(exact)")
    }
    #expect(abs(outputs.last! - 1000) < 0.5)  // settles
  }

  @Test func filterOffPassesThrough() {
    var filter = LowPassFilter(timeConstantMs: 0, sampleRateHz: 200)
    #expect(filter.step(700) == 700 << 8)
  }

  @Test func slowFilterStillSettlesWithinACount() {
    var filter = LowPassFilter(timeConstantMs: 200, sampleRateHz: 1000)
    var y: Int32 = 0
    for _ in 0..<5000 { y = filter.step(613) }
    #expect(abs(Double(y) / 256 - 613) < 1)
  }

  @Test func totalForceIsTheClampedSumOfSmoothedCells() {
    var engine = ForceEngine(parameters: try! parameters([(.filterMs, 0)]))
    #expect(engine.step(left: 300, right: 200).force == 500)
    #expect(engine.step(left: 900, right: 900).force == 1023)
  }
}

private func pow(_ x: Double, _ n: Double) -> Double {
  var result = 1.0
  for _ in 0..<Int(n) { result *= x }
  return result
}

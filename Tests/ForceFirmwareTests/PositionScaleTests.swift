import ForceEngine
import Testing

@testable import ForceFirmware

/// Telemetry's division-free position equals `FrameOutput.positionMilli(unitsPerItem:)`.
@Suite struct PositionScaleTests {
  static func output(value: Int32, fraction: Int32) -> FrameOutput {
    FrameOutput(force: 0, state: .scrolling, direction: .up, value: value, fraction: fraction, events: EngineEvents())
  }

  /// Every fraction the engine can output at the lowest and highest sample rates,
  /// at one between, and at twice the highest, for values either side of zero.
  @Test func everyFractionAtSomeRatesMatchesPositionMilli() {
    var scale = PositionScale()
    for (rate, value): (Int32, Int32) in [(50, -30_000), (199, -1), (1000, 7), (2000, 30_000)] {
      let units = rate * 1000
      var mismatches = 0
      for fraction in -(units / 2)...(units / 2) {
        let output = Self.output(value: value, fraction: fraction)
        if scale.positionMilli(of: output, unitsPerItem: units) != output.positionMilli(unitsPerItem: units) {
          mismatches += 1
        }
      }
      #expect(mismatches == 0, "rate \(rate), value \(value)")
    }
  }

  /// Every sample rate the parameters allow, at the fractions nearest each rounding
  /// edge and at the ends, switching rates as the parameters can.
  @Test func everyRateAtTheRoundingEdgesMatchesPositionMilli() {
    var scale = PositionScale()
    for rate in ParameterID.sampleRateHz.min...ParameterID.sampleRateHz.max {
      let units = rate * 1000
      var fractions: [Int32] = [-(units / 2), units / 2 - 1, units / 2, 0, 1, -1]
      for milli in stride(from: Int32(-500), through: 500, by: 7) {
        let edge = milli * rate + rate / 2
        fractions += [edge - 1, edge, edge + 1]
      }
      for fraction in fractions where abs(fraction) <= units / 2 {
        let output = Self.output(value: 42, fraction: fraction)
        #expect(
          scale.positionMilli(of: output, unitsPerItem: units) == output.positionMilli(unitsPerItem: units),
          "rate \(rate), fraction \(fraction)")
      }
    }
  }
}

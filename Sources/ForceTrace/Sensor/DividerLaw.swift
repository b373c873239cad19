import Foundation

/// The nominal divider and force law of a profile (Hardware/wiring.md): reading =
/// 1023 · R_M / (R_M + R_FSR), R_FSR = R₁ · (F / 1 N)^-k. Levels are on the 10-bit
/// scale (1023 · V/Vref) as Doubles; conductances are in units of 1/R_M, so a level
/// is 1023 · g / (1 + g).
struct DividerLaw {
  let pullDownOhms: Double
  let ohmsAtOneNewton: Double
  let exponent: Double
  let saturationForceN: Double

  init(_ profile: SensorProfile) {
    pullDownOhms = profile.pullDownOhms
    ohmsAtOneNewton = profile.ohmsAtOneNewton
    exponent = profile.forceExponent
    saturationForceN = profile.saturationForceN
  }

  /// The force a nominal part reads as `level` (0 for 0; saturated at the top).
  func force(level: Double) -> Double {
    guard level > 0 else { return 0 }
    guard level < 1023 else { return saturationForceN }
    let ohms = pullDownOhms * (1023 - level) / level
    return Swift.min(saturationForceN, pow(ohmsAtOneNewton / ohms, 1 / exponent))
  }

  /// The nominal part's resistance at `force` (> 0), Ω.
  func ohms(force: Double) -> Double {
    ohmsAtOneNewton * pow(Swift.min(force, saturationForceN), -exponent)
  }

  /// The level of a cell whose conductance (in units of 1/R_M) is `g`.
  static func level(conductance g: Double) -> Double {
    g.isInfinite ? 1023 : 1023 * g / (1 + g)
  }

  /// The conductance (in units of 1/R_M) that reads `level` (infinite at 1023).
  static func conductance(level: Double) -> Double {
    level >= 1023 ? .infinity : Swift.max(0, level) / (1023 - level)
  }
}

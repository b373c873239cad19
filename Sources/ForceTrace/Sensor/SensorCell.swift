import Foundation

/// One FSR cell under the cap: its own part (drawn once from the seed) and its history
/// (the press it is in, its hysteresis branch). Turns the force on it into the cell's
/// conductance; the model does the divider, the converter and the faults.
struct SensorCell: Sendable {
  /// The part's resistance relative to the nominal law (partSpread).
  let partFactor: Double
  /// The cell's rest reading under the cap before the pads settle, counts.
  let preloadCounts: Double
  /// Draws a new actuation's repeatability factor at every press.
  var presses: SplitMix64
  /// The converter's noise on this cell.
  var noise: SplitMix64
  /// This press's resistance relative to the part's law (repeatability).
  var pressFactor = 1.0
  /// When the current press began (the thumb's force reaching the cell), ms; nil between presses.
  var pressStartMs: Double?
  /// 0 on the rising branch, 1 on the falling one, in between while turning.
  var branch = 0.0
  /// The force of the previous reading, N.
  var lastForce = 0.0

  /// Cell `index` (0 left, 1 right) of the device seeded `seed`.
  init(index: UInt64, profile: SensorProfile, seed: UInt64) {
    var part = SplitMix64.stream(seed, SensorStream.part, index)
    partFactor = 1 + profile.partSpread * part.normal(0, 1, -3, 3)
    preloadCounts = part.uniform(profile.preloadCounts.lowerBound, profile.preloadCounts.upperBound)
    presses = SplitMix64.stream(seed, SensorStream.press, index)
    noise = SplitMix64.stream(seed, SensorStream.noise, index)
  }

  /// The cell's conductance in units of 1/R_M at `timeMs`, with `personForce` N of the
  /// thumb (crosstalk included) on it and the device's temperature factor on resistance.
  mutating func conductance(
    personForce: Double, timeMs t: Double, profile: SensorProfile, law: DividerLaw, temperatureFactor: Double
  ) -> Double {
    let settled = profile.preloadSettleCounts * (1 - exp(-Swift.max(0, t) / profile.preloadSettleMs))
    let preloadForce = law.force(level: preloadCounts + settled)
    // A cell conducts from its actuation (break) force on. The cap's preload has already
    // actuated a cell that reads a rest level, and the floating cap passes all of the
    // thumb's force through the cells (Hardware/wiring.md), so there every gram counts;
    // a cell without preload needs the thumb to reach the break force.
    let pressing = personForce > 0 && (preloadCounts > 0 || personForce >= profile.breakForceN)
    if !pressing {
      pressStartMs = nil
      branch = 0
    } else if pressStartMs == nil {
      pressStartMs = t
      pressFactor = 1 + profile.repeatability * presses.normal(0, 1, -3, 3)
    }
    let force = preloadForce + (pressing ? personForce : 0)
    if pressing, lastForce > 0, profile.hysteresisSpan > 0 {
      // Falling force moves towards the falling branch, rising force back (ln F: a minor loop).
      branch = Swift.min(1, Swift.max(0, branch - log(force / lastForce) / profile.hysteresisSpan))
    }
    lastForce = force
    var g = profile.pullDownOhms / profile.openOhms
    guard force > 0 else { return g }
    var ohms = law.ohms(force: force) * partFactor * pressFactor * temperatureFactor
    ohms *= 1 - profile.hysteresis * branch
    if let start = pressStartMs {
      ohms *= Swift.max(0.1, 1 - profile.creepPerDecade * log10(1 + Swift.max(0, t - start) / profile.creepStartMs))
    }
    g += profile.pullDownOhms / ohms
    return g
  }
}

/// The tags of the model's random streams (`SplitMix64.stream(seed, tag, index)`).
enum SensorStream {
  static let part: UInt64 = 0x7061_7274  // "part"
  static let press: UInt64 = 0x70_7265_7373  // "press"
  static let noise: UInt64 = 0x6E_6F69_7365  // "noise"
  static let temperature: UInt64 = 0x7465_6D70  // "temp"
  static let fault: UInt64 = 0x66_6175_6C74  // "fault"
}

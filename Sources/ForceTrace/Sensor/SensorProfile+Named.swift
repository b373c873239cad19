extension SensorProfile {
  /// The identity: a nominal part read exactly, nothing added. With no faults the model
  /// returns the ideal counts rounded and clamped, so traces made without a sensor
  /// model do not change.
  public static let ideal = SensorProfile(
    name: "ideal", breakForceN: 0, openOhms: .infinity, partSpread: 0, repeatability: 0, hysteresis: 0,
    creepPerDecade: 0, temperatureDrift: 0...0, preloadCounts: 0...0, preloadSettleCounts: 0, preloadSettleMs: 1,
    crosstalk: 0, adcNoiseCounts: 0)

  /// A new FSR 402 pair under the rocker cap, used in a room. From the FSR 400 series
  /// datasheet: break force 0.2 N, open 10 MΩ, part spread 6 %, repeatability 2 %,
  /// hysteresis 10 %, temperature −1…−3 % (its −15 % at +85 °C scaled to a thumb's
  /// 4–12 K of warmth, `SensorProfile.temperatureDrift`). Chosen: creep 3 % a decade
  /// (inside the datasheet's < 5 %), preload 30…60 counts settling +4 over minutes
  /// (τ 2 min), crosstalk 3 %, converter noise 1.5 counts.
  public static let typical = SensorProfile(
    name: "typical", breakForceN: 0.2, openOhms: 10e6, partSpread: 0.06, repeatability: 0.02, hysteresis: 0.10,
    creepPerDecade: 0.03, temperatureDrift: 0.01...0.03, preloadCounts: 30...60, preloadSettleCounts: 4,
    preloadSettleMs: 120_000, crosstalk: 0.03, adcNoiseCounts: 1.5)

  /// A worn pair, `typical` but for three chosen figures: parts from mixed batches
  /// (spread 15 % instead of 6 %), creep 8 % a decade (past a new part's < 5 %), and
  /// pads that keep settling (+15 counts, τ 5 min). For trying how far calibration has
  /// to reach.
  public static let worn = SensorProfile(
    name: "worn", breakForceN: 0.2, openOhms: 10e6, partSpread: 0.15, repeatability: 0.02, hysteresis: 0.10,
    creepPerDecade: 0.08, temperatureDrift: 0.01...0.03, preloadCounts: 30...60, preloadSettleCounts: 15,
    preloadSettleMs: 300_000, crosstalk: 0.03, adcNoiseCounts: 1.5)

  /// The named profiles, in the order `allNames` lists them.
  public static let all: [SensorProfile] = [.ideal, .typical, .worn]

  /// `ideal`, `typical`, `worn`.
  public static var allNames: [String] { all.map(\.name) }

  /// The profile called `name` (any case); the error names the closest one and lists all.
  public static func named(_ name: String) throws(SensorError) -> SensorProfile {
    if let profile = all.first(where: { $0.name == name.lowercased() }) { return profile }
    throw SensorError.unknown("sensor profile", name, among: allNames)
  }
}

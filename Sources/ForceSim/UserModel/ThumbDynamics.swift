import ForceTrace
import Foundation

/// What the thumb is asked to do this frame, in the frame's own units: the rates are
/// already multiplied by the frame length (the user makes the few commands it gives
/// from constants it works out once a trial, not every frame).
struct ThumbCommand {
  /// Goal force, counts (a press past full scale may exceed 1023).
  var force: Double
  /// Largest rise this frame, counts (rise rate × frame length).
  var riseStep: Double
  /// Largest fall this frame, negated, counts (−fall rate × frame length).
  var fallStep: Double
  /// The first-order lag's share of the gap closed this frame, 1 − exp(−frame / lag);
  /// nil: no lag (move at the rate limit until there).
  var lagFactor: Double?
  /// Goal balance, and the most it moves this frame (balance rate × frame length).
  var balance: Double
  var balanceStep: Double

  /// A command from rates: rise and fall in counts/ms, the lag in ms (0: none), the
  /// balance rate in balance units per second.
  init(force: Double, rise: Double, fall: Double, lagMs: Double, balance: Double, balanceRate: Double, frameMs: Double)
  {
    self.init(
      force: force, riseStep: rise * frameMs, fallStep: -fall * frameMs,
      lagFactor: lagMs > 0 ? 1 - exp(-frameMs / lagMs) : nil, balance: balance,
      balanceStep: balanceRate * frameMs / 1000)
  }

  /// A command from its per-frame steps.
  init(force: Double, riseStep: Double, fallStep: Double, lagFactor: Double?, balance: Double, balanceStep: Double) {
    self.force = force
    self.riseStep = riseStep
    self.fallStep = fallStep
    self.lagFactor = lagFactor
    self.balance = balance
    self.balanceStep = balanceStep
  }
}

/// The thumb as a plant: rate-limited, lagged force and balance, plus signal-dependent
/// motor noise (Schmidt et al. 1979; Harris & Wolpert 1998): the noise's standard
/// deviation grows with force, `cv·F + floor`, low-pass (AR(1)) with the profile's
/// correlation time. The user feels its own noisy force.
struct ThumbDynamics {
  /// Noise-free force, counts.
  var force = 0.0
  /// Noise-free balance.
  var balance: Double
  var forceNoise = 0.0
  var balanceNoise = 0.0
  /// The force the user feels this frame (with noise), counts.
  private(set) var felt = 0.0
  let rho: Double
  let innovation: Double
  /// The profile's noise constants (kept here: passing the whole profile every frame
  /// would copy it).
  let noiseCV, noiseFloor, balanceNoiseScale: Double
  /// The normal generator's tables (`Ziggurat`), read once per trial, not per draw.
  let normals = Ziggurat.table

  init(balance: Double, profile: UserProfile, frameMs: Double) {
    self.balance = balance
    rho = exp(-frameMs / profile.noiseCorrelationMs)
    noiseCV = profile.noiseCV
    noiseFloor = profile.noiseFloor
    balanceNoiseScale = profile.balanceNoise
    innovation = (1 - rho * rho).squareRoot()
  }

  /// Advances one frame and returns the two cell readings.
  mutating func step(_ command: ThumbCommand, rng: inout SplitMix64) -> (left: UInt16, right: UInt16) {
    var change = command.force - force
    if let lagFactor = command.lagFactor { change *= lagFactor }
    force += Swift.min(command.riseStep, Swift.max(command.fallStep, change))
    if force < 0.5 && command.force <= 0 { force = 0 }
    let step = command.balanceStep
    balance += Swift.min(step, Swift.max(-step, command.balance - balance))

    forceNoise = rho * forceNoise + innovation * rng.zigguratNormal(normals)
    balanceNoise = rho * balanceNoise + innovation * rng.zigguratNormal(normals)
    guard force > 0 else {
      felt = 0
      return (0, 0)
    }
    let total = Swift.max(0, force + (noiseCV * force + noiseFloor) * forceNoise)
    let shown = Swift.min(1, Swift.max(-1, balance + balanceNoiseScale * balanceNoise))
    felt = Swift.min(total, 1023)
    return (ThumbDynamics.cell(total * (1 - shown) / 2), ThumbDynamics.cell(total * (1 + shown) / 2))
  }

  /// The most a cell reads: the divider of Hardware/wiring.md saturates below the rail,
  /// and a reading at `rail_level` (1016 by default) is a short (Docs/sensor-faults.md).
  static let fullScale: UInt16 = 1015

  /// `value` rounded half away from zero, clamped to 0...`fullScale`: the same as
  /// `UInt16(min(1015, max(0, value.rounded())))`, without the library call or a branch
  /// on the fraction (which would be mispredicted about half the time): `2·value` is
  /// exact, and ⌊value + ½⌋ = (⌊2·value⌋ + 1) / 2 for value ≥ 0.
  @inline(__always)
  static func cell(_ value: Double) -> UInt16 {
    guard value > 0 else { return 0 }  // also NaN
    guard value < Double(fullScale) - 0.5 else { return fullScale }
    return UInt16(truncatingIfNeeded: (Int(value * 2) + 1) >> 1)
  }
}

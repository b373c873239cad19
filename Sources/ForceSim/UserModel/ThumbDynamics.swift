import ForceTrace
import Foundation

/// What the thumb is asked to do this frame.
struct ThumbCommand {
  /// Goal force, counts (a press past full scale may exceed 1023).
  var force: Double
  /// Largest rise and fall this frame may make, counts/ms.
  var rise: Double
  var fall: Double
  /// First-order lag towards the goal, ms (0: move at the rate limit until there).
  var lagMs: Double
  /// Goal balance and the speed it moves at, balance units per second.
  var balance: Double
  var balanceRate: Double
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

  init(balance: Double, profile: UserProfile, frameMs: Double) {
    self.balance = balance
    rho = exp(-frameMs / profile.noiseCorrelationMs)
    innovation = (1 - rho * rho).squareRoot()
  }

  /// Advances one frame and returns the two cell readings.
  mutating func step(
    _ command: ThumbCommand, profile: UserProfile, frameMs: Double, rng: inout SplitMix64
  ) -> (left: UInt16, right: UInt16) {
    var change = command.force - force
    if command.lagMs > 0 { change *= 1 - exp(-frameMs / command.lagMs) }
    force += Swift.min(command.rise * frameMs, Swift.max(-command.fall * frameMs, change))
    if force < 0.5 && command.force <= 0 { force = 0 }
    let step = command.balanceRate * frameMs / 1000
    balance += Swift.min(step, Swift.max(-step, command.balance - balance))

    forceNoise = rho * forceNoise + innovation * rng.gaussian()
    balanceNoise = rho * balanceNoise + innovation * rng.gaussian()
    guard force > 0 else {
      felt = 0
      return (0, 0)
    }
    let total = Swift.max(0, force + (profile.noiseCV * force + profile.noiseFloor) * forceNoise)
    let shown = Swift.min(1, Swift.max(-1, balance + profile.balanceNoise * balanceNoise))
    felt = Swift.min(total, 1023)
    return (ThumbDynamics.cell(total * (1 - shown) / 2), ThumbDynamics.cell(total * (1 + shown) / 2))
  }

  static func cell(_ value: Double) -> UInt16 {
    UInt16(Swift.min(1023, Swift.max(0, value.rounded())))
  }
}

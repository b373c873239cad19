import ForceTrace
import Foundation

/// The free parameters of the user model: the traits that make a novice a novice,
/// fitted to a target table by `forcectl sim fit` (`Docs/user-model.md`). Every other
/// constant of `UserProfile` comes from the literature.
///
/// A participant is drawn from a population (`UserProfile.draw`): one log-normal
/// slowness factor per participant (median 1, log-SD `skillSpread`) scales its
/// homing, decision and pulse-hold times; the same traits serve every technique.
public struct UserPopulation: Equatable, Sendable {
  /// Homing time of the approach (speed = remaining distance / homing time), s.
  public var homingTimeS: Double
  /// Time to decide on and plan each reversal, ms.
  public var decisionMs: Double
  /// Peak raw total of a press-through, counts (1023 is the sensor's ceiling).
  public var overpress: Double
  /// Easing-off rate while the display shows no motion, counts/ms.
  public var searchFallPerMs: Double
  /// Hold at a pulse's peak, ms.
  public var pulseHoldMs: Double
  /// Slowest approach speed, as the travel during one visual delay, items (more
  /// than about 0.7 overshoots now and then).
  public var creepLead: Double
  /// Between-participant spread: log-SD of the slowness factor.
  public var skillSpread: Double
  /// Within-participant spread: log-SD of the per-trial factor.
  public var trialSpread: Double

  /// Creates a population.
  public init(
    homingTimeS: Double, decisionMs: Double, overpress: Double, searchFallPerMs: Double, pulseHoldMs: Double,
    creepLead: Double, skillSpread: Double, trialSpread: Double
  ) {
    self.creepLead = creepLead
    self.homingTimeS = homingTimeS
    self.decisionMs = decisionMs
    self.overpress = overpress
    self.searchFallPerMs = searchFallPerMs
    self.pulseHoldMs = pulseHoldMs
    self.skillSpread = skillSpread
    self.trialSpread = trialSpread
  }

  /// The practised limit: the model of a user who has learned the device (the floor the
  /// practice law converges to): no hesitation, a press-through just past full scale.
  public static let practised = UserPopulation(
    homingTimeS: 0.4, decisionMs: 0, overpress: 1150, searchFallPerMs: 1.5, pulseHoldMs: 0, creepLead: 0.4,
    skillSpread: 0.15, trialSpread: 0.1)

  /// The parameters by name, in the order of `PopulationText` and of the fit.
  public static let names = [
    "homing_time_s", "decision_ms", "overpress", "search_fall_per_ms", "pulse_hold_ms", "creep_lead",
    "skill_spread", "trial_spread",
  ]

  /// Bounds of each parameter (same order as `names`): the fit and the file reader keep to them.
  public static let bounds: [ClosedRange<Double>] = [
    0.2...3, 0...3000, 1024...2046, 0.2...12, 0...400, 0.2...3, 0...1.2, 0...1.2,
  ]

  /// The values in the order of `names`.
  public var values: [Double] {
    get { [homingTimeS, decisionMs, overpress, searchFallPerMs, pulseHoldMs, creepLead, skillSpread, trialSpread] }
    set {
      homingTimeS = newValue[0]
      decisionMs = newValue[1]
      overpress = newValue[2]
      searchFallPerMs = newValue[3]
      pulseHoldMs = newValue[4]
      creepLead = newValue[5]
      skillSpread = newValue[6]
      trialSpread = newValue[7]
    }
  }

  /// Sets a participant's learnable traits from this population.
  func apply(to p: inout UserProfile, using g: inout SplitMix64) {
    let slowness = skillSpread > 0 ? exp(skillSpread * g.truncatedNormal(0, 1, -2.5, 2.5)) : 1
    p.homingTimeS = homingTimeS * slowness
    p.decisionMs = decisionMs * slowness
    p.pulseHoldMs = pulseHoldMs * slowness
    p.overpress = g.truncatedNormal(overpress, 200, max(1040, overpress - 500), min(2046, overpress + 500))
    p.searchFallPerMs = g.truncatedNormal(
      searchFallPerMs, 0.5 * searchFallPerMs, 0.25 * searchFallPerMs, 3 * searchFallPerMs)
    p.creepLead = g.truncatedNormal(creepLead, 0.2 * creepLead, 0.5 * creepLead, 1.5 * creepLead)
    p.trialSpread = trialSpread
  }

  /// The population after `trials` practice trials (`PracticeLaw`): every learnable
  /// parameter moves from its value here towards `practised` by the power law. The
  /// spreads and the search rate (a motor trait) do not change.
  public func afterPractice(_ trials: Int) -> UserPopulation {
    let keep = PracticeLaw.remaining(afterPractice: trials)
    let floor = UserPopulation.practised
    var result = self
    result.homingTimeS = floor.homingTimeS + (homingTimeS - floor.homingTimeS) * keep
    result.decisionMs = floor.decisionMs + (decisionMs - floor.decisionMs) * keep
    result.overpress = floor.overpress + (overpress - floor.overpress) * keep
    result.pulseHoldMs = floor.pulseHoldMs + (pulseHoldMs - floor.pulseHoldMs) * keep
    result.creepLead = floor.creepLead + (creepLead - floor.creepLead) * keep
    return result
  }
}

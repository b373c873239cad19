import ForceTrace
import Foundation

/// One simulated participant: the constants of its thumb and of its control strategy.
///
/// `typical` is the population mean; `draw(using:)` draws one participant from the
/// population (truncated normals), so every participant of a study differs a little
/// (between-participant variability). Units: ms, force counts (0...1023 full scale),
/// balance units ((r − l)/(r + l), −1...1), items. Sources and reasoning for every
/// constant are in `Docs/user-model.md`.
public struct UserProfile: Equatable, Sendable {
  /// Loop latency from the display to action (visual simple reaction time).
  public var visualDelayMs: Double
  /// Trial-to-trial standard deviation of that latency.
  public var delayJitterMs: Double
  /// Deliberate force increase, counts/ms (stays below the 6.4 counts/ms quick-rise rate).
  public var controlledRisePerMs: Double
  /// Deliberate force decrease, counts/ms.
  public var controlledFallPerMs: Double
  /// Time constant of deliberate force changes near their goal, ms.
  public var forceLagMs: Double
  /// Ballistic (tap-like) force rise, counts/ms: pulses and press-through.
  public var ballisticRisePerMs: Double
  /// Lift-off and quick drops, counts/ms.
  public var liftFallPerMs: Double
  /// Signal-dependent noise: standard deviation per unit of force.
  public var noiseCV: Double
  /// Force-independent noise floor, counts.
  public var noiseFloor: Double
  /// Correlation time of force and balance noise, ms.
  public var noiseCorrelationMs: Double
  /// Standard deviation of the balance while holding still.
  public var balanceNoise: Double
  /// The thumb's own neutral balance.
  public var neutralBias: Double
  /// Balance shift of a deliberate roll.
  public var rollAmplitude: Double
  /// Roll speed, balance units per second.
  public var rollRatePerS: Double
  /// Balance when pressing one button of the rocker (two-button).
  public var buttonBalance: Double
  /// Time to move the thumb to the other button, ms.
  public var buttonSwitchMs: Double
  /// Resting force as a fraction of `rest_threshold`.
  public var restFraction: Double
  /// Planning time after the thumb lands, ms.
  public var prepareMs: Double
  /// Pause at rest between the parts of a reversal, ms.
  public var relaxHoldMs: Double
  /// Fraction of the display lag the user extrapolates (1 = a perfect predictor).
  public var anticipation: Double
  /// Gain of the user's belief about speed (1 = a perfect internal model).
  public var speedBelief: Double
  /// Homing time: desired speed = remaining distance / homing time.
  public var homingTimeS: Double
  /// Slowest deliberate speed, as the travel during one visual delay (items): a
  /// practised user creeps so the display lags by less than half an item.
  public var creepLead: Double
  /// Highest force used without boost, as a fraction of the normal zone.
  public var cruiseFraction: Double
  /// Remaining distance above which the user presses into boost, items.
  public var boostDistance: Double
  /// Force used when boosting, counts.
  public var boostForce: Double
  /// The user releases when it believes the position is within 0.5 − margin of the target.
  public var releaseMargin: Double
  /// Peak of a pulse, counts (per-pulse jitter: `pulseJitter`).
  public var pulsePeak: Double
  /// Standard deviation of a pulse's peak, counts.
  public var pulseJitter: Double
  /// Hold at the maximum before easing off (press-through), ms.
  public var pauseMs: Double
  /// How long the target must be seen, steady, before releasing (positional), ms.
  public var dwellMs: Double
  /// Time to decide on and plan a reversal, at the resting force, ms.
  public var decisionMs: Double
  /// Peak raw total of a press past full scale (press-through), counts; the device
  /// saturates at 1023, so the part above it is invisible.
  public var overpress: Double
  /// Easing off while the display shows no motion (feedback-driven release), counts/ms.
  public var searchFallPerMs: Double
  /// Hold at a pulse's peak before dropping, ms (per-pulse variation: `trialSpread`).
  public var pulseHoldMs: Double
  /// Trial-to-trial spread (SD of the log) of the homing, decision, planning and pulse times.
  public var trialSpread: Double
  /// What each overshoot leaves of the approach speed (and search rate): a novice's 0.6;
  /// practice may make it bolder (`Strategy`). Not a drawn constant: not in `fields`.
  public var overshootCaution = 0.6

  /// Slowest deliberate speed, items/s.
  public var creepSpeed: Double { creepLead * 1000 / visualDelayMs }

  /// The population mean.
  public static let typical = UserProfile(
    visualDelayMs: 220, delayJitterMs: 25, controlledRisePerMs: 2.8, controlledFallPerMs: 2.8,
    forceLagMs: 40, ballisticRisePerMs: 11, liftFallPerMs: 14, noiseCV: 0.03, noiseFloor: 3,
    noiseCorrelationMs: 80, balanceNoise: 0.02, neutralBias: 0, rollAmplitude: 0.42, rollRatePerS: 4,
    buttonBalance: 0.75, buttonSwitchMs: 200, restFraction: 0.55, prepareMs: 250, relaxHoldMs: 80,
    anticipation: 0.85, speedBelief: 1, homingTimeS: 0.55, creepLead: 0.4, cruiseFraction: 0.85,
    boostDistance: 28, boostForce: 920, releaseMargin: 0.2, pulsePeak: 760, pulseJitter: 40,
    pauseMs: 120, dwellMs: 200, decisionMs: 0, overpress: 1150, searchFallPerMs: 0, pulseHoldMs: 0,
    trialSpread: 0)

  /// One participant drawn from `population` (mean, SD, truncation in `Docs/user-model.md`):
  /// the thumb's constants, then the learnable traits of the population with one
  /// log-normal slowness factor (median 1, log-SD `skillSpread`) shared by every technique.
  public static func draw(_ population: UserPopulation = .novice, using g: inout SplitMix64) -> UserProfile {
    var p = UserProfile.typical
    p.visualDelayMs = g.truncatedNormal(220, 25, 170, 290)
    p.controlledRisePerMs = g.truncatedNormal(2.8, 0.5, 1.8, 4.0)
    p.controlledFallPerMs = g.truncatedNormal(2.8, 0.5, 1.8, 4.0)
    p.forceLagMs = g.truncatedNormal(40, 8, 25, 60)
    p.ballisticRisePerMs = g.truncatedNormal(11, 1.5, 8, 14)
    p.liftFallPerMs = g.truncatedNormal(14, 2, 10, 18)
    p.noiseCV = g.truncatedNormal(0.03, 0.008, 0.015, 0.05)
    p.noiseFloor = g.truncatedNormal(3, 1, 1, 6)
    p.balanceNoise = g.truncatedNormal(0.02, 0.006, 0.008, 0.035)
    p.neutralBias = g.truncatedNormal(0, 0.06, -0.15, 0.15)
    p.rollAmplitude = g.truncatedNormal(0.42, 0.06, 0.3, 0.55)
    p.rollRatePerS = g.truncatedNormal(4, 0.7, 2.5, 6)
    p.buttonBalance = g.truncatedNormal(0.75, 0.08, 0.55, 0.9)
    p.buttonSwitchMs = g.truncatedNormal(200, 30, 140, 280)
    p.restFraction = g.truncatedNormal(0.55, 0.08, 0.4, 0.7)
    p.prepareMs = g.truncatedNormal(250, 50, 150, 400)
    p.relaxHoldMs = g.truncatedNormal(80, 20, 40, 140)
    p.anticipation = g.truncatedNormal(0.7, 0.15, 0.4, 1.0)
    p.speedBelief = g.truncatedNormal(1, 0.08, 0.8, 1.2)
    p.homingTimeS = g.truncatedNormal(0.4, 0.1, 0.2, 0.65)
    p.creepLead = g.truncatedNormal(0.4, 0.08, 0.25, 0.55)
    p.cruiseFraction = g.truncatedNormal(0.85, 0.08, 0.65, 1)
    p.boostDistance = g.truncatedNormal(28, 5, 18, 40)
    p.boostForce = g.truncatedNormal(920, 40, 850, 990)
    p.releaseMargin = g.truncatedNormal(0.2, 0.06, 0.05, 0.35)
    p.pulsePeak = g.truncatedNormal(760, 50, 660, 900)
    p.pauseMs = g.truncatedNormal(120, 30, 60, 200)
    p.dwellMs = g.truncatedNormal(200, 40, 120, 300)
    population.apply(to: &p, using: &g)
    return p
  }

  /// This participant on one trial: its homing, decision, planning and pulse-hold times
  /// scaled by one log-normal factor (median 1, log-SD `trialSpread`), its search rate
  /// by another.
  func forOneTrial(using g: inout SplitMix64) -> UserProfile {
    guard trialSpread > 0 else { return self }
    let factor = exp(trialSpread * g.truncatedNormal(0, 1, -2.5, 2.5))
    var p = self
    p.homingTimeS *= factor
    p.decisionMs *= factor
    p.prepareMs *= factor
    p.pulseHoldMs *= factor
    p.searchFallPerMs *= exp(trialSpread * g.truncatedNormal(0, 1, -2.5, 2.5))  // how fast it eases off, independently
    return p
  }

  /// The profile's values by name, in declaration order (for `participants.csv`).
  public var fields: [(String, Double)] {
    [
      ("visual_delay_ms", visualDelayMs), ("delay_jitter_ms", delayJitterMs),
      ("controlled_rise_per_ms", controlledRisePerMs), ("controlled_fall_per_ms", controlledFallPerMs),
      ("force_lag_ms", forceLagMs), ("ballistic_rise_per_ms", ballisticRisePerMs),
      ("lift_fall_per_ms", liftFallPerMs), ("noise_cv", noiseCV), ("noise_floor", noiseFloor),
      ("noise_correlation_ms", noiseCorrelationMs), ("balance_noise", balanceNoise),
      ("neutral_bias", neutralBias), ("roll_amplitude", rollAmplitude), ("roll_rate_per_s", rollRatePerS),
      ("button_balance", buttonBalance), ("button_switch_ms", buttonSwitchMs), ("rest_fraction", restFraction),
      ("prepare_ms", prepareMs), ("relax_hold_ms", relaxHoldMs), ("anticipation", anticipation),
      ("speed_belief", speedBelief), ("homing_time_s", homingTimeS), ("creep_lead", creepLead),
      ("cruise_fraction", cruiseFraction), ("boost_distance", boostDistance), ("boost_force", boostForce),
      ("release_margin", releaseMargin), ("pulse_peak", pulsePeak), ("pulse_jitter", pulseJitter),
      ("pause_ms", pauseMs), ("dwell_ms", dwellMs), ("decision_ms", decisionMs), ("overpress", overpress),
      ("search_fall_per_ms", searchFallPerMs), ("pulse_hold_ms", pulseHoldMs), ("trial_spread", trialSpread),
    ]
  }
}

/// What a participant chooses to do, apart from how skilled it is: how far from the
/// target it still presses into boost, how hard it boosts, how sure it waits to be
/// before it lifts, and how much it slows down after an overshoot
/// (`Docs/user-model.md`, "Strategy learning").
///
/// Each is a share of the participant's own novice choice, so `novice` leaves a
/// participant exactly as drawn. Practice changes it by `StrategyLearning`'s rule, a
/// step at a time, each step `boldness` of the way from the choice to its boldest.
public struct Strategy: Hashable, Sendable {
  /// One choice the participant can make bolder.
  public enum Choice: Int, CaseIterable, Sendable {
    /// Boost from closer to the target: `boost_distance` × `boostDistanceShare`.
    case boostDistance
    /// Boost harder: `boost_force` moved `boostForceShare` of the way to full scale.
    case boostForce
    /// Lift less sure: `release_margin` × `releaseMarginShare`.
    case releaseMargin
    /// Slow down less after an overshoot: the approach speed × `overshootCaution`.
    case caution

    /// The name in `strategies.csv` and the docs.
    public var name: String {
      switch self {
      case .boostDistance: return "boost_distance_share"
      case .boostForce: return "boost_force_share"
      case .releaseMargin: return "release_margin_share"
      case .caution: return "overshoot_caution"
      }
    }
  }

  /// The share of the novice's `boost_distance` beyond which it boosts (1: the novice's).
  public var boostDistanceShare = 1.0
  /// How far `boost_force` has moved from the novice's towards full scale, 0…1.
  public var boostForceShare = 0.0
  /// The share of the novice's `release_margin` it waits for (1: the novice's).
  public var releaseMarginShare = 1.0
  /// What an overshoot leaves of its approach speed (0.6: the novice's).
  public var overshootCaution = 0.6

  /// A participant's choices before any practice.
  public static let novice = Strategy()

  /// The share of the distance to the boldest choice a probe goes (**assumption**: a
  /// fifth; Docs/user-model.md).
  public static let boldness = 0.2

  /// Creates the novice strategy.
  public init() {}

  /// The choice as a number (for `strategies.csv`).
  public subscript(choice: Choice) -> Double {
    switch choice {
    case .boostDistance: return boostDistanceShare
    case .boostForce: return boostForceShare
    case .releaseMargin: return releaseMarginShare
    case .caution: return overshootCaution
    }
  }

  /// This strategy with `choice` a step bolder: a share towards 0 (boost from the
  /// target itself, lift at the window's edge), or towards 1 (boost at full scale, no
  /// slowing down after an overshoot).
  public func probe(_ choice: Choice) -> Strategy {
    var bolder = self
    let keep = 1 - Strategy.boldness
    switch choice {
    case .boostDistance: bolder.boostDistanceShare *= keep
    case .boostForce: bolder.boostForceShare = 1 - (1 - boostForceShare) * keep
    case .releaseMargin: bolder.releaseMarginShare *= keep
    case .caution: bolder.overshootCaution = 1 - (1 - overshootCaution) * keep
    }
    return bolder
  }

  /// The participant `profile` choosing this way (the novice strategy returns it as it is).
  public func apply(to profile: UserProfile) -> UserProfile {
    guard self != .novice else { return profile }
    var p = profile
    p.boostDistance *= boostDistanceShare
    p.boostForce += (1023 - p.boostForce) * boostForceShare
    p.releaseMargin *= releaseMarginShare
    p.overshootCaution = overshootCaution
    return p
  }
}

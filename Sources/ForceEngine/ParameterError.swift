/// A rejected parameter value: which parameter, the value tried, and the rule it broke.
public struct ParameterError: Error, Equatable, Sendable {
  /// The parameter whose value broke the rule.
  public let parameter: ParameterID
  /// The value that was tried.
  public let value: Int32
  /// The rule that was broken.
  public let rule: ParameterRule

  /// Creates an error.
  public init(parameter: ParameterID, value: Int32, rule: ParameterRule) {
    self.parameter = parameter
    self.value = value
    self.rule = rule
  }
}

/// A rule a parameter set must obey. The raw value is the wire error detail code.
///
/// `outOfRange` is each parameter's own `min...max`; the others relate parameters.
/// Thresholds leave room for their hysteresis band below them, so the zones of
/// Docs/signal-chain.md never overlap.
public enum ParameterRule: UInt8, Sendable {
  /// The value is outside its parameter's `min...max`.
  case outOfRange = 0
  /// hysteresis < contact_threshold (the release edge stays above zero).
  case contactAboveHysteresis
  /// contact_threshold < rest_threshold − hysteresis.
  case contactBelowRest
  /// rest_threshold < boost_threshold − hysteresis.
  case restBelowBoost
  /// rest_threshold < press_through_level − hysteresis.
  case restBelowPressThrough
  /// speed_normal_max ≤ speed_boost_min.
  case normalMaxNotAboveBoostMin
  /// speed_boost_min ≤ speed_boost_max.
  case boostMinNotAboveBoostMax
  /// range_min < range_max.
  case rangeOrdered
  /// range_min ≤ start_value ≤ range_max.
  case startInsideRange

  /// Number of relation rules (all cases but `outOfRange`).
  public static let relationCount = 8

  /// The parameter named in the error when this relation is broken.
  public var subject: ParameterID {
    switch self {
    case .outOfRange, .contactAboveHysteresis: return .hysteresis
    case .contactBelowRest: return .contactThreshold
    case .restBelowBoost: return .restThreshold
    case .restBelowPressThrough: return .pressThroughLevel
    case .normalMaxNotAboveBoostMin: return .speedNormalMax
    case .boostMinNotAboveBoostMax: return .speedBoostMin
    case .rangeOrdered: return .rangeMin
    case .startInsideRange: return .startValue
    }
  }

  /// The rule as text, for error messages.
  public var text: StaticString {
    switch self {
    case .outOfRange: return "value outside the allowed range"
    case .contactAboveHysteresis: return "hysteresis < contact_threshold"
    case .contactBelowRest: return "contact_threshold < rest_threshold - hysteresis"
    case .restBelowBoost: return "rest_threshold < boost_threshold - hysteresis"
    case .restBelowPressThrough: return "rest_threshold < press_through_level - hysteresis"
    case .normalMaxNotAboveBoostMin: return "speed_normal_max <= speed_boost_min"
    case .boostMinNotAboveBoostMax: return "speed_boost_min <= speed_boost_max"
    case .rangeOrdered: return "range_min < range_max"
    case .startInsideRange: return "range_min <= start_value <= range_max"
    }
  }

  /// Whether `parameters` obeys this rule.
  public func holds(_ p: Parameters) -> Bool {
    let hysteresis = p[.hysteresis]
    switch self {
    case .outOfRange:
      return true
    case .contactAboveHysteresis:
      return hysteresis < p[.contactThreshold]
    case .contactBelowRest:
      return p[.contactThreshold] < p[.restThreshold] - hysteresis
    case .restBelowBoost:
      return p[.restThreshold] < p[.boostThreshold] - hysteresis
    case .restBelowPressThrough:
      return p[.restThreshold] < p[.pressThroughLevel] - hysteresis
    case .normalMaxNotAboveBoostMin:
      return p[.speedNormalMax] <= p[.speedBoostMin]
    case .boostMinNotAboveBoostMax:
      return p[.speedBoostMin] <= p[.speedBoostMax]
    case .rangeOrdered:
      return p[.rangeMin] < p[.rangeMax]
    case .startInsideRange:
      return p[.rangeMin] <= p[.startValue] && p[.startValue] <= p[.rangeMax]
    }
  }
}

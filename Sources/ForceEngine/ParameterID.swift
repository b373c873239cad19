/// Identifies one tunable parameter; the raw value is its index in the stored layout.
///
/// The names (`name`) are the public interface (Docs/parameters.md): the serial protocol, the
/// CLI and the JSON files all use them. Never reorder or renumber: append new
/// parameters at the end and bump `Parameters.layoutVersion`.
public enum ParameterID: UInt8, Sendable {
  case sampleRateHz = 0
  case technique
  case sensitivity
  case contactThreshold
  case restThreshold
  case boostThreshold
  case hysteresis
  case rollThreshold
  case speedNormalMax
  case speedBoostMin
  case speedBoostMax
  case filterMs
  case quickReleaseMs
  case pulseWindowMs
  case pressThroughLevel
  case rangeMin
  case rangeMax
  case startValue
  case wrap
  case leftOffset
  case rightOffset
  case leftGain
  case rightGain
  case leftCurve
  case rightCurve

  /// Number of parameters in the current layout.
  public static let count = 25

  /// The parameter at layout index `index`, or nil past the end.
  @inlinable
  public static func at(_ index: Int) -> ParameterID? {
    guard index >= 0, index < count else { return nil }
    return ParameterID(rawValue: UInt8(truncatingIfNeeded: index))
  }

  /// Everything known about this parameter.
  public var info: ParameterInfo {
    switch self {
    case .sampleRateHz:
      return ParameterInfo("sample_rate_hz", 200, 50, 1000, "Hz", "frames per second")
    case .technique:
      return ParameterInfo("technique", 0, 0, Technique.count - 1, "enum", "direction technique")
    case .sensitivity:
      return ParameterInfo("sensitivity", 1, 0, Sensitivity.count - 1, "enum", "light, normal or firm")
    case .contactThreshold:
      return ParameterInfo("contact_threshold", 30, 1, 1020, "counts", "force that counts as touch")
    case .restThreshold:
      return ParameterInfo("rest_threshold", 205, 2, 1021, "counts", "top of the resting zone")
    case .boostThreshold:
      return ParameterInfo("boost_threshold", 818, 3, 1022, "counts", "start of the boosted zone")
    case .hysteresis:
      return ParameterInfo("hysteresis", 10, 0, 100, "counts", "dead band below every zone edge")
    case .rollThreshold:
      return ParameterInfo("roll_threshold", 150, 0, 1000, "1/1000", "balance change that flips direction")
    case .speedNormalMax:
      return ParameterInfo(
        "speed_normal_max", 14063, 1, 100_000, "milli-items/s", "speed at the top of the normal zone")
    case .speedBoostMin:
      return ParameterInfo("speed_boost_min", 36067, 1, 100_000, "milli-items/s", "speed at the boost threshold")
    case .speedBoostMax:
      return ParameterInfo("speed_boost_max", 43401, 1, 100_000, "milli-items/s", "speed at full scale and above")
    case .filterMs:
      return ParameterInfo("filter_ms", 10, 0, 200, "ms", "low-pass time constant")
    case .quickReleaseMs:
      return ParameterInfo(
        "quick_release_ms", 100, 0, 1000, "ms", "longest lift that commits the value from before the lift")
    case .pulseWindowMs:
      return ParameterInfo("pulse_window_ms", 300, 50, 2000, "ms", "longest pulse that toggles direction")
    case .pressThroughLevel:
      return ParameterInfo("press_through_level", 1000, 3, 1023, "counts", "force that enters reverse mode")
    case .rangeMin:
      return ParameterInfo("range_min", 0, -30_000, 30_000, "items", "smallest value")
    case .rangeMax:
      return ParameterInfo("range_max", 100, -30_000, 30_000, "items", "largest value")
    case .startValue:
      return ParameterInfo("start_value", 0, -30_000, 30_000, "items", "value at power-up")
    case .wrap:
      return ParameterInfo("wrap", 0, 0, 1, "bool", "wrap around at the ends instead of clamping")
    case .leftOffset:
      return ParameterInfo("left_offset", 0, 0, 1022, "counts", "left cell reading at rest")
    case .rightOffset:
      return ParameterInfo("right_offset", 0, 0, 1022, "counts", "right cell reading at rest")
    case .leftGain:
      return ParameterInfo("left_gain", 1000, 100, 10_000, "1/1000", "left cell gain")
    case .rightGain:
      return ParameterInfo("right_gain", 1000, 100, 10_000, "1/1000", "right cell gain")
    case .leftCurve:
      return ParameterInfo("left_curve", 0, 0, 500, "1/1000", "left cell linearization (0 = linear)")
    case .rightCurve:
      return ParameterInfo("right_curve", 0, 0, 500, "1/1000", "right cell linearization (0 = linear)")
    }
  }

  /// Looks a parameter up by its public name (`bytes` is UTF-8, e.g. "rest_threshold").
  public static func named(_ bytes: UnsafeRawBufferPointer) -> ParameterID? {
    for index in 0..<count {
      let id = ParameterID.at(index)!
      if id.info.name.equals(bytes) { return id }
    }
    return nil
  }

  /// For enum-valued parameters, the symbolic name of `value` (e.g. "thumb-roll").
  public func symbol(for value: Int32) -> StaticString? {
    switch self {
    case .technique: return Technique(rawValue: value)?.name
    case .sensitivity: return Sensitivity(rawValue: value)?.name
    default: return nil
    }
  }

  /// For enum-valued parameters, the value whose symbol is `bytes`.
  public func value(forSymbol bytes: UnsafeRawBufferPointer) -> Int32? {
    switch self {
    case .technique:
      for raw in 0..<Technique.count where Technique(rawValue: raw)!.name.equals(bytes) { return raw }
    case .sensitivity:
      for raw in 0..<Sensitivity.count where Sensitivity(rawValue: raw)!.name.equals(bytes) { return raw }
    default: break
    }
    return nil
  }
}

/// Name, default, allowed range and unit of one parameter.
public struct ParameterInfo: Sendable {
  /// Public name, as in Docs/parameters.md.
  public let name: StaticString
  /// Factory default.
  public let defaultValue: Int32
  /// Smallest allowed value.
  public let min: Int32
  /// Largest allowed value.
  public let max: Int32
  /// Unit, for display.
  public let unit: StaticString
  /// One-line description, for display.
  public let summary: StaticString

  @usableFromInline
  init(
    _ name: StaticString, _ defaultValue: Int32, _ min: Int32, _ max: Int32,
    _ unit: StaticString, _ summary: StaticString
  ) {
    self.name = name
    self.defaultValue = defaultValue
    self.min = min
    self.max = max
    self.unit = unit
    self.summary = summary
  }
}

extension StaticString {
  /// Byte-wise equality with a UTF-8 buffer (no allocation).
  func equals(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard utf8CodeUnitCount == bytes.count else { return false }
    let mine = utf8Start
    for index in 0..<bytes.count where mine[index] != bytes[index] { return false }
    return true
  }
}

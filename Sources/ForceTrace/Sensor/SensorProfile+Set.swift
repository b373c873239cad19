import Foundation

/// One constant of a profile changed by name (`forcectl sim study --sensor-set`), so a
/// study can ask what one property of real parts costs: `temperatureDrift=0.01...0.03`,
/// `preloadCounts=0`, `hysteresis=0` (Docs/sensor-model.md, Varying one constant).
extension SensorProfile {
  /// The constants `set(_:)` changes, by their names in Docs/sensor-model.md's table.
  /// Those ending in `Counts` are 10-bit counts, `Ms` milliseconds, `N` newtons; the
  /// rest are fractions (0.06 is 6 %). `temperatureDrift` and `preloadCounts` are
  /// ranges a device draws from: `LOW...HIGH`, or one number for both ends.
  public static let settableNames = [
    "partSpread", "repeatability", "hysteresis", "creepPerDecade", "temperatureDrift", "temperatureTimeConstantMs",
    "preloadCounts", "preloadSettleCounts", "preloadSettleMs", "crosstalk", "adcNoiseCounts", "breakForceN",
  ]

  /// Applies `NAME=VALUE` and adds it to the profile's name (`typical (hysteresis=0)`),
  /// which the study's summary prints. The error names the constant and what is wrong;
  /// on an error the profile is unchanged.
  public mutating func set(_ assignment: String) throws(SensorError) {
    let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty else {
      throw SensorError("\(TextInput.quoted(assignment)) is not NAME=VALUE")
    }
    let name = String(parts[0])
    let text = String(parts[1])
    guard Self.settableNames.contains(name) else {
      throw SensorError.unknown("sensor constant", name, among: Self.settableNames)
    }
    var changed = self
    if name == "temperatureDrift" || name == "preloadCounts" {
      let range = try Self.range(text, name)
      if name == "temperatureDrift" {
        guard range.upperBound < 1 else { throw SensorError("\(name): \(text) is 1 or more (a fraction below 1)") }
        changed.temperatureDrift = range
      } else {
        guard range.upperBound < 1023 else { throw SensorError("\(name): \(text) is past 1022 counts") }
        changed.preloadCounts = range
      }
    } else {
      let value = try Self.number(text, name)
      switch name {
      case "partSpread": changed.partSpread = try Self.fraction(value, text, name)
      case "repeatability": changed.repeatability = try Self.fraction(value, text, name)
      case "hysteresis": changed.hysteresis = try Self.fraction(value, text, name)
      case "creepPerDecade": changed.creepPerDecade = try Self.fraction(value, text, name)
      case "crosstalk": changed.crosstalk = try Self.fraction(value, text, name)
      case "temperatureTimeConstantMs": changed.temperatureTimeConstantMs = try Self.positive(value, name)
      case "preloadSettleMs": changed.preloadSettleMs = try Self.positive(value, name)
      case "preloadSettleCounts": changed.preloadSettleCounts = value
      case "adcNoiseCounts": changed.adcNoiseCounts = value
      default: changed.breakForceN = value
      }
    }
    changed.name =
      self.name.hasSuffix(")") ? "\(self.name.dropLast()), \(name)=\(text))" : "\(self.name) (\(name)=\(text))"
    self = changed
  }

  /// A number 0 or more, finite; the error names the constant.
  static func number(_ text: String, _ name: String) throws(SensorError) -> Double {
    guard let value = Double(text), value.isFinite, value >= 0 else {
      throw SensorError("\(name): \(TextInput.quoted(text)) is not a number 0 or more")
    }
    return value
  }

  /// `LOW...HIGH` or one number, LOW ≤ HIGH.
  static func range(_ text: String, _ name: String) throws(SensorError) -> ClosedRange<Double> {
    let ends = text.components(separatedBy: "...")
    guard ends.count <= 2 else { throw SensorError("\(name): \(TextInput.quoted(text)) is not LOW...HIGH") }
    let low = try number(ends[0], name)
    let high = ends.count == 2 ? try number(ends[1], name) : low
    guard low <= high else { throw SensorError("\(name): \(text) runs backwards (LOW...HIGH, LOW ≤ HIGH)") }
    return low...high
  }

  /// A fraction below 1.
  static func fraction(_ value: Double, _ text: String, _ name: String) throws(SensorError) -> Double {
    guard value < 1 else { throw SensorError("\(name): \(text) is 1 or more (a fraction below 1)") }
    return value
  }

  /// More than 0 (a time constant).
  static func positive(_ value: Double, _ name: String) throws(SensorError) -> Double {
    guard value > 0 else { throw SensorError("\(name): a time constant must be more than 0") }
    return value
  }
}

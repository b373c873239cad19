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
  case baselineRate
  case baselineLimit
  case faultMs
  case railLevel
  case fsrLaw
  case probeMs
  case hidMode
  case hidKeyUp
  case hidKeyDown
  case hidKeyCommit

  /// Number of parameters in the current layout.
  public static let count = 35

  /// The parameter at layout index `index`, or nil past the end.
  @inlinable
  public static func at(_ index: Int) -> ParameterID? {
    guard index >= 0, index < count else { return nil }
    return ParameterID(rawValue: UInt8(truncatingIfNeeded: index))
  }

  /// Everything the device knows about this parameter: a row of the parameter table.
  /// Compiled in this module only (`@export(interface)`), so the name and unit texts
  /// are in flash once.
  public var info: ParameterInfo {
    @export(interface) get {
      let row = self.row
      return ParameterInfo(
        name: TableText(ParameterID.names, entry: Int(rawValue)), defaultValue: row.defaultValue, min: row.min,
        max: row.max, unit: TableText(ParameterID.units, entry: Int(row.unit)))
    }
  }

  /// The parameter table, one row per parameter in id order: unit (index into
  /// `units`), default, min, max; the name is entry `rawValue` of `names`. Constant
  /// data: the compiler turns each column into a lookup table in flash. Descriptions
  /// for people live on the host (ForceHostCore's `ParameterID.guide`).
  /// Never inlined, and compiled in this module only (`@export(interface)`: Embedded
  /// Swift would otherwise emit a copy of it, with its lookup tables, into each module
  /// that reads it): every reader shares the one copy of the table in flash.
  var row: (unit: UInt8, defaultValue: Int32, min: Int32, max: Int32) {
    @export(interface) @inline(never) @_optimize(size) get {
      switch self {
      case .sampleRateHz: return (0, 200, 50, 1000)
      case .technique: return (1, 0, 0, Technique.count - 1)
      case .sensitivity: return (1, 1, 0, Sensitivity.count - 1)
      case .contactThreshold: return (2, 30, 1, 1020)
      case .restThreshold: return (2, 205, 2, 1021)
      case .boostThreshold: return (2, 818, 3, 1022)
      case .hysteresis: return (2, 10, 0, 100)
      case .rollThreshold: return (3, 150, 0, 1000)
      case .speedNormalMax: return (4, 14063, 1, 100_000)
      case .speedBoostMin: return (4, 36067, 1, 100_000)
      case .speedBoostMax: return (4, 43401, 1, 100_000)
      case .filterMs: return (5, 10, 0, 200)
      case .quickReleaseMs: return (5, 100, 0, 1000)
      case .pulseWindowMs: return (5, 300, 50, 2000)
      case .pressThroughLevel: return (2, 1000, 3, 1023)
      case .rangeMin: return (6, 0, -30_000, 30_000)
      case .rangeMax: return (6, 100, -30_000, 30_000)
      case .startValue: return (6, 0, -30_000, 30_000)
      case .wrap: return (7, 0, 0, 1)
      case .leftOffset: return (2, 0, 0, 1022)
      case .rightOffset: return (2, 0, 0, 1022)
      case .leftGain: return (3, 1000, 100, 10_000)
      case .rightGain: return (3, 1000, 100, 10_000)
      case .leftCurve: return (3, 0, 0, 500)
      case .rightCurve: return (3, 0, 0, 500)
      case .baselineRate: return (8, 2, 0, 30)
      case .baselineLimit: return (2, 100, 0, 500)
      case .faultMs: return (5, 20, 0, 200)
      case .railLevel: return (2, 1016, 512, 1023)
      case .fsrLaw: return (7, 0, 0, 1)
      case .probeMs: return (5, 250, 0, 5000)
      case .hidMode: return (1, 0, 0, HIDMode.count - 1)
      case .hidKeyUp: return (9, 0x52, 0, 0x65)
      case .hidKeyDown: return (9, 0x51, 0, 0x65)
      case .hidKeyCommit: return (9, 0x28, 0, 0x65)
      }
    }
  }

  /// The names (Docs/parameters.md), in id order, each ended by a NUL.
  static let names: StaticString = """
    sample_rate_hz\0technique\0sensitivity\0contact_threshold\0rest_threshold\0\
    boost_threshold\0hysteresis\0roll_threshold\0speed_normal_max\0speed_boost_min\0\
    speed_boost_max\0filter_ms\0quick_release_ms\0pulse_window_ms\0\
    press_through_level\0range_min\0range_max\0start_value\0wrap\0left_offset\0\
    right_offset\0left_gain\0right_gain\0left_curve\0right_curve\0baseline_rate\0\
    baseline_limit\0fault_ms\0rail_level\0fsr_law\0probe_ms\0hid_mode\0hid_key_up\0\
    hid_key_down\0hid_key_commit\0
    """

  /// The units, each ended by a NUL (`row.unit` indexes them).
  static let units: StaticString = """
    Hz\0enum\0counts\01/1000\0milli-items/s\0ms\0items\0bool\0counts/s\0key\0
    """

  /// The default value (cheaper than `info.defaultValue`).
  @inline(__always) public var defaultValue: Int32 { row.defaultValue }
  /// The smallest allowed value.
  @inline(__always) public var min: Int32 { row.min }
  /// The largest allowed value.
  @inline(__always) public var max: Int32 { row.max }

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
    case .hidMode: return HIDMode(rawValue: value)?.name
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
    case .hidMode:
      for raw in 0..<HIDMode.count where HIDMode(rawValue: raw)!.name.equals(bytes) { return raw }
    default: break
    }
    return nil
  }
}

/// Name, default, allowed range and unit of one parameter (a row of the table).
public struct ParameterInfo: Sendable {
  /// Public name, as in Docs/parameters.md.
  public let name: TableText
  /// Factory default.
  public let defaultValue: Int32
  /// Smallest allowed value.
  public let min: Int32
  /// Largest allowed value.
  public let max: Int32
  /// Unit, for display.
  public let unit: TableText
}

/// One entry of a constant text table (`ParameterID.names`, `.units`): UTF-8 bytes
/// in flash, no copy.
public struct TableText: Sendable, Equatable {
  let table: StaticString
  let offset: Int
  let count: Int

  /// Entry `entry` of `table`, whose entries each end with a NUL.
  init(_ table: StaticString, entry: Int) {
    let start = table.utf8Start
    var offset = 0
    for _ in 0..<entry {
      while start[offset] != 0 { offset &+= 1 }
      offset &+= 1
    }
    var end = offset
    while start[end] != 0 { end &+= 1 }
    self.table = table
    self.offset = offset
    count = end &- offset
  }

  /// The bytes, in flash.
  public var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: table.utf8Start + offset, count: count)
  }

  /// Byte-wise equality with a UTF-8 buffer.
  public func equals(_ other: UnsafeRawBufferPointer) -> Bool {
    guard other.count == bytes.count else { return false }
    for index in 0..<bytes.count where bytes[index] != other[index] { return false }
    return true
  }

  /// Same bytes.
  public static func == (a: TableText, b: TableText) -> Bool { a.equals(b.bytes) }
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

/// What is wrong with one force cell (Docs/sensor-faults.md), as the engine detects it
/// from its readings. The raw value is the 3-bit code on the wire.
public enum CellFault: UInt8, Sendable {
  /// Reads as a working cell.
  case none = 0
  /// Reads at the floor while its rest level is well above it: the lead is broken
  /// (the pull-down holds the pin at 0 V).
  case open = 1
  /// Reads at or above `rail_level`: shorted to the supply.
  case railed = 2
  /// Has not changed by one count for two review windows, though its rest showed noise.
  case stuck = 3
  /// Breaks again and again for a few frames: a loose contact.
  case intermittent = 4
  /// Its rest level has moved `baseline_limit` counts from the calibrated offset and
  /// tracking can follow no further: recalibrate. A warning; the engine still runs.
  case drifted = 5
  /// Its pin floats: with the pin's pull-up switched on (the probe, `probe_ms`) it
  /// rose most of the way to the rail, as it cannot while the divider's pull-down
  /// holds it: the cable, the pull-down or its ground is off. Only probes clear it.
  case floating = 6

  /// Number of kinds (raw values 0..<count).
  public static let count: UInt8 = 7

  /// Whether the engine holds (state `fault`, nothing moves) while a cell has this fault.
  @inlinable public var holds: Bool { rawValue != 0 && self != .drifted }

  /// What the fault most likely means, for the user (`forcectl`, the web tuner); empty
  /// for `none`.
  public var hint: StaticString {
    switch self {
    case .none: return ""
    case .open: return "lead broken?"
    case .railed: return "shorted to the supply?"
    case .stuck: return "reading frozen"
    case .intermittent: return "loose contact"
    case .drifted: return "rest moved beyond baseline_limit: recalibrate"
    case .floating: return "pin floating: cable, pull-down or ground off?"
    }
  }

  /// Name used in events and by the host tools.
  public var name: StaticString {
    switch self {
    case .none: return "ok"
    case .open: return "open"
    case .railed: return "railed"
    case .stuck: return "stuck"
    case .intermittent: return "intermittent"
    case .drifted: return "drifted"
    case .floating: return "floating"
    }
  }
}

/// The faults of both cells, packed as on the wire: left in bits 0–2, right in 3–5.
public struct CellFaults: Equatable, Sendable {
  /// The packed codes.
  public var rawValue: UInt8

  /// Neither cell has a fault.
  public static let none = CellFaults(rawValue: 0)

  /// From the packed codes; nil when a code is not a `CellFault` or bits 6–7 are set.
  public init?(packed: UInt8) {
    guard packed >> 6 == 0, packed & 7 < CellFault.count, packed >> 3 < CellFault.count else { return nil }
    rawValue = packed
  }

  init(rawValue: UInt8) { self.rawValue = rawValue }

  /// From each cell's fault.
  public init(left: CellFault, right: CellFault) {
    rawValue = left.rawValue | right.rawValue << 3
  }

  /// The left cell's fault.
  public var left: CellFault { CellFault(rawValue: rawValue & 7) ?? .none }
  /// The right cell's fault.
  public var right: CellFault { CellFault(rawValue: rawValue >> 3) ?? .none }
  /// Whether either cell's fault holds the engine.
  public var holds: Bool { left.holds || right.holds }
}

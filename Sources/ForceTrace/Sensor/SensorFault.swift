/// A wiring or sensor fault on one cell from a start time, for a while or to the end
/// (Docs/sensor-model.md). Written `KIND:CELL@TIME[+DURATION]`, e.g. `open:left@2.5s`
/// or `railed:right@1s+500ms` (`SensorFault.parse`).
public enum SensorFault: Equatable, Sendable, CustomStringConvertible {
  /// The FSR's lead breaks: the pull-down holds the pin at 0 V, so the cell reads 0
  /// (the converter's noise clipped at 0).
  case open(Cell, Window)
  /// The pin is shorted to the 3 V rail: the cell reads 1023 (noise clipped at 1023).
  case railed(Cell, Window)
  /// The reading freezes at the code it had when the fault began.
  case stuck(Cell, Window)
  /// A loose contact: the lead breaks (reads as `open`) for bursts of
  /// `intermittentBreakMs` at intervals of `intermittentGapMs`, drawn from the seed.
  case intermittent(Cell, Window)
  /// The cell's rest resistance falls steadily (a leak in parallel with the FSR): its
  /// reading climbs about `driftCountsPerSecond` away from rest.
  case drift(Cell, Window)
  /// The pin floats: the cable, the pull-down or its ground came off. It keeps the
  /// charge it had and wanders (`floatingStepCounts` a frame at most); with the pin's
  /// pull-up on (the probe) it reads full scale.
  case floating(Cell, Window)

  /// The cell a fault is on.
  public enum Cell: String, CaseIterable, Equatable, Sendable {
    /// The left cell (P0 on the micro:bit, GP26 on the Pico).
    case left
    /// The right cell (P1 on the micro:bit, GP27 on the Pico).
    case right
  }

  /// When a fault is present: from `startMs`, for `durationMs` (to the end when nil).
  public struct Window: Equatable, Sendable {
    /// When the fault begins, ms on the trace's clock.
    public var startMs: Double
    /// How long it lasts, ms; nil: to the end of the trace.
    public var durationMs: Double?

    /// A window from `startMs`, for `durationMs` (nil: to the end).
    public init(startMs: Double, durationMs: Double? = nil) {
      self.startMs = startMs
      self.durationMs = durationMs
    }

    /// True when the fault is present at `timeMs`: start ≤ t < start + duration.
    public func contains(_ timeMs: Double) -> Bool {
      timeMs >= startMs && (durationMs.map { timeMs < startMs + $0 } ?? true)
    }
  }

  /// How long the contact stays broken in each burst of an `intermittent` fault, ms
  /// (uniform). Chosen: a contact that bounces, short enough to pass within a few frames.
  public static let intermittentBreakMs: ClosedRange<Double> = 2...30
  /// The time from one break to the next of an `intermittent` fault, ms (uniform).
  /// Chosen: several breaks a second, irregular.
  public static let intermittentGapMs: ClosedRange<Double> = 5...50
  /// How fast a `drift` fault's leak alone would climb, counts per second. Chosen: a
  /// drift the engine's rest tracking has to notice within seconds.
  public static let driftCountsPerSecond = 5.0
  /// How far a `floating` pin's level may wander from one reading to the next, counts
  /// (uniform in ±this). Chosen: a pin that holds its charge but is not held.
  public static let floatingStepCounts = 2.0

  /// The kinds, as written: `open`, `railed`, `stuck`, `intermittent`, `drift`, `floating`.
  public static let kindNames = ["open", "railed", "stuck", "intermittent", "drift", "floating"]

  /// A fault of the kind named `kind` (one of `kindNames`), or nil.
  public init?(kind: String, cell: Cell, window: Window) {
    switch kind {
    case "open": self = .open(cell, window)
    case "railed": self = .railed(cell, window)
    case "stuck": self = .stuck(cell, window)
    case "intermittent": self = .intermittent(cell, window)
    case "drift": self = .drift(cell, window)
    case "floating": self = .floating(cell, window)
    default: return nil
    }
  }

  /// The kind's name, as written.
  public var kind: String {
    switch self {
    case .open: "open"
    case .railed: "railed"
    case .stuck: "stuck"
    case .intermittent: "intermittent"
    case .drift: "drift"
    case .floating: "floating"
    }
  }

  /// The cell the fault is on.
  public var cell: Cell {
    switch self {
    case .open(let cell, _), .railed(let cell, _), .stuck(let cell, _), .intermittent(let cell, _),
      .drift(let cell, _), .floating(let cell, _):
      cell
    }
  }

  /// When the fault is present.
  public var window: Window {
    switch self {
    case .open(_, let window), .railed(_, let window), .stuck(_, let window), .intermittent(_, let window),
      .drift(_, let window), .floating(_, let window):
      window
    }
  }

  /// The fault as written, times in ms: `railed:right@1000ms+500ms`.
  public var description: String {
    let duration = window.durationMs.map { "+\(SensorFault.text(ms: $0))" } ?? ""
    return "\(kind):\(cell.rawValue)@\(SensorFault.text(ms: window.startMs))\(duration)"
  }

  /// `ms` as `parse` reads it: whole milliseconds, or up to three decimals (a parsed
  /// time is whole microseconds), never an exponent.
  static func text(ms: Double) -> String {
    guard ms != ms.rounded(), ms.isFinite, abs(ms) < 1e12 else { return "\(Int(ms.isFinite ? ms : 0))ms" }
    let micros = Int((ms * 1000).rounded())
    let fraction = String(abs(micros) % 1000)
    let digits = String(repeating: "0", count: 3 - fraction.count) + fraction
    var trimmed = Substring(digits)
    while trimmed.last == "0" { trimmed = trimmed.dropLast() }
    return "\(micros < 0 ? "-" : "")\(abs(micros) / 1000).\(trimmed)ms"
  }
}

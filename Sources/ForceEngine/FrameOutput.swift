/// What the engine reports for one frame (the output CSV columns, minus the frame number).
public struct FrameOutput: Equatable, Sendable {
  /// The current direction of motion: the events' `direction` payload, which the
  /// engine fills every frame (stored once: one store less a frame).
  public var direction: Direction {
    get { events.direction }
    set { events.direction = newValue }
  }
  /// The shown value (the position rounded to the nearest item): the events' `value`
  /// payload, which the engine fills every frame.
  public var value: Int32 {
    get { events.value }
    set { events.value = newValue }
  }
  /// The position's offset from `value`, in units of 1/`ForceEngine.unitsPerItem`
  /// item, in `-unitsPerItem/2 ..< unitsPerItem/2` (the units are the engine's, not
  /// the frame's: they change only with `sample_rate_hz`).
  public var fraction: Int32
  /// The events of this frame.
  public var events: EngineEvents
  /// Total force after calibration, sensitivity and smoothing, 0...1023.
  public var force: Int16
  /// The engine's state.
  public var state: EngineState
  /// Each cell's fault (Docs/sensor-faults.md): kept in the events' `fault` payload,
  /// which the engine fills every frame (one byte less to return).
  public var faults: CellFaults {
    get { events.faults }
    set { events.faults = newValue }
  }

  /// Creates a frame output; `direction` and `value` become the events' payloads of
  /// those names, and `faults` nil keeps the events' fault payload as the faults.
  public init(
    force: Int16, state: EngineState, direction: Direction, value: Int32,
    fraction: Int32, events: EngineEvents, faults: CellFaults? = nil
  ) {
    self.force = force
    self.state = state
    self.fraction = fraction
    self.events = events
    self.events.direction = direction
    self.events.value = value
    if let faults { self.events.faults = faults }  // nil: the events' fault payload stands
  }

  /// The same frame: every field, the faults and the events (their payloads as
  /// `EngineEvents` compares them).
  public static func == (a: FrameOutput, b: FrameOutput) -> Bool {
    a.force == b.force && a.state == b.state && a.direction == b.direction && a.value == b.value
      && a.fraction == b.fraction && a.events == b.events
      && a.faults == b.faults
  }

  /// The position in thousandths of an item, rounded half up (the output CSV prints it with
  /// three decimals), for the engine's `unitsPerItem`. Involves a division: for output,
  /// not for the frame loop.
  public func positionMilli(unitsPerItem: Int32) -> Int32 {
    let rate = unitsPerItem / 1000
    // fraction / rate is in -500..<500; round half up with floor division.
    let twice = fraction &* 2 &+ rate
    let divisor = rate &* 2
    var quotient = twice / divisor
    if twice % divisor < 0 { quotient -= 1 }
    return value &* 1000 &+ quotient
  }
}

/// The engine's state, as in the output CSV (Docs/csv-formats.md).
public enum EngineState: UInt8, Sendable {
  /// No touch.
  case idle = 0
  /// Touching, below the rest threshold: nothing moves.
  case resting = 1
  /// Normal rate control.
  case scrolling = 2
  /// Boosted rate control.
  case boosted = 3
  /// Press-through reverse mode at the maximum: the value holds.
  case paused = 4
  /// A cell has a fault that holds the engine (Docs/sensor-faults.md): nothing moves.
  case fault = 5

  /// Name used in the CSV.
  public var name: StaticString {
    switch self {
    case .idle: return "idle"
    case .resting: return "resting"
    case .scrolling: return "scrolling"
    case .boosted: return "boosted"
    case .paused: return "paused"
    case .fault: return "fault"
    }
  }
}

/// Direction of motion.
public enum Direction: UInt8, Sendable {
  /// Towards `range_max`.
  case up = 0
  /// Towards `range_min`.
  case down = 1

  /// Name used in the CSV and in events.
  public var name: StaticString { self == .up ? "up" : "down" }

  /// The other direction.
  @inlinable public var reversed: Direction { self == .up ? .down : .up }
}

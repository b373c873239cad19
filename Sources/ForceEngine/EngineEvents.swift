/// The events of one frame (Docs/value-model.md): a bit per kind plus the payloads.
///
/// At most one event of each kind happens in a frame, so a bitmask is enough and
/// costs no allocation. They are listed (`forEach`, `kinds`) in the order of Docs/value-model.md.
public struct EngineEvents: Equatable, Sendable {
  /// One kind of event; the raw value is its bit.
  public enum Kind: UInt16, Sendable {
    /// `touch-down:<velocity>`.
    case touchDown = 0x001
    /// `activate`: force crossed the rest threshold upward.
    case activate = 0x002
    /// `direction:up|down`.
    case direction = 0x004
    /// `boost:on|off`.
    case boost = 0x008
    /// `pulse`: a pulse toggled the direction.
    case pulse = 0x010
    /// `reverse`: press-through entered reverse mode.
    case reverse = 0x020
    /// `value:<v>`: the shown value changed.
    case value = 0x040
    /// `commit:<v>`.
    case commit = 0x080
    /// `release`.
    case release = 0x100
    /// `fault:<cells>`: a cell's fault began or ended (Docs/sensor-faults.md).
    case fault = 0x200

    /// Number of kinds.
    public static let count = 10

    /// The kind at position `index` of that order.
    public static func at(_ index: Int) -> Kind {
      Kind(rawValue: UInt16(1) << UInt16(index))!
    }
  }

  /// Payload of `value` and `commit` (a commit always reports the shown value).
  public var value: Int32 = 0
  /// Which kinds happened (bits of `Kind`).
  public var mask: UInt16 = 0
  // Each payload is defined when its kind happened. The engine fills `direction`,
  // `boostOn` and `value` every frame (the state they report, without a test per
  // frame), so they may hold a value when their kind did not happen; `==` compares
  // only the payloads of the kinds that happened.
  /// Payload of `touchDown`: onset velocity, 1...127.
  public var velocity: UInt8 = 0
  /// Payload of `direction`.
  public var direction: Direction = .up
  /// Payload of `boost`: true for on.
  public var boostOn: Bool = false
  /// Payload of `fault`: both cells' faults after the change.
  public var faults = CellFaults.none

  /// No events.
  public init() {}

  /// The same kinds with the same payloads (payloads of kinds that did not happen
  /// are not compared).
  public static func == (a: EngineEvents, b: EngineEvents) -> Bool {
    a.mask == b.mask && (!a.contains(.touchDown) || a.velocity == b.velocity)
      && (!a.contains(.direction) || a.direction == b.direction)
      && (!a.contains(.boost) || a.boostOn == b.boostOn)
      && (a.mask & (Kind.value.rawValue | Kind.commit.rawValue) == 0 || a.value == b.value)
      && (!a.contains(.fault) || a.faults == b.faults)
  }

  /// True when no event happened.
  @inlinable public var isEmpty: Bool { mask == 0 }

  /// Whether `kind` happened.
  @inlinable @inline(always) public func contains(_ kind: Kind) -> Bool { mask & kind.rawValue != 0 }

  @inlinable @inline(always) mutating func insert(_ kind: Kind) { mask |= kind.rawValue }

  @inlinable @inline(always) mutating func remove(_ kind: Kind) { mask &= ~kind.rawValue }
}

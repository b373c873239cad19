import ForceEngine

/// One event (Docs/value-model.md), with its payload. `touchDown` keeps the exact (unrounded)
/// onset velocity.
public enum ReferenceEvent: Equatable, Sendable {
  case touchDown(velocity: Double)
  case activate
  case direction(Direction)
  case boost(on: Bool)
  case pulse
  case reverse
  case value(Int)
  case commit(Int)
  case release

  /// The engine's kind for this event.
  public var kind: EngineEvents.Kind {
    switch self {
    case .touchDown: return .touchDown
    case .activate: return .activate
    case .direction: return .direction
    case .boost: return .boost
    case .pulse: return .pulse
    case .reverse: return .reverse
    case .value: return .value
    case .commit: return .commit
    case .release: return .release
    }
  }
}

/// One comparison the model made this frame, and how far it was from going the
/// other way (positive: the condition held). The unit depends on the kind.
public struct ReferenceDecision: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// Filtered force (or mirrored force) against a force threshold; counts.
    case force
    /// Filtered right cell minus left cell (two-button); counts.
    case cells
    /// Balance change `B − B0` against ±roll_threshold; thousandths. `sum` and
    /// `neutralSum` are `r + l` and `r0 + l0`, which set how much a cell error
    /// moves the balance.
    case balance(sum: Double, neutralSum: Double)
    /// Whole frames elapsed against a window the engine rounds to whole frames
    /// (half up); margin = limit − elapsed in frames.
    case roundedWindow
    /// Whole frames elapsed against a quick-rise window the engine rounds up (and
    /// derives from 102 instead of 102.3 counts per 16 ms); margin = limit − elapsed.
    case riseWindow
    /// Position against a position (tap to step: moved in the direction; same
    /// value as at touch-down); items.
    case position
  }

  public var kind: Kind
  public var margin: Double
  /// What was decided, for diagnostics.
  public var label: String

  public init(_ kind: Kind, margin: Double, _ label: String) {
    self.kind = kind
    self.margin = margin
    self.label = label
  }
}

/// How a release ended, for a test that wants to judge the quick-release decision.
public struct ReferenceRelease: Equatable, Sendable {
  /// Force change of every frame from the fall start (the last frame whose force did
  /// not drop; its change is ≥ 0) up to the release frame (all < 0), oldest first.
  public var fallSteps: [Double]
  /// Whether the fall started in a rate zone.
  public var fallStartActive: Bool
  /// Whether the position was restored to the fall start (quick release).
  public var restored: Bool
  /// Whether a tap stepped the value.
  public var stepped: Bool
}

/// What the reference model reports for one frame.
public struct ReferenceFrame: Equatable, Sendable {
  /// Calibrated cells (after offset, gain, curve, sensitivity), before smoothing.
  public var calibratedLeft: Double
  public var calibratedRight: Double
  /// Smoothed cells.
  public var left: Double
  public var right: Double
  /// Total force after smoothing: `min(left + right, 1023)`.
  public var force: Double
  public var state: EngineState
  public var direction: Direction
  /// Position in items.
  public var position: Double
  /// The shown value: the position rounded half up.
  public var value: Int
  /// Speed applied this frame, items/s (signed; 0 when not moving at a rate).
  public var velocity: Double
  /// The events of this frame, in the order they happened.
  public var events: [ReferenceEvent]
  /// Every threshold comparison made this frame, with its margin.
  public var decisions: [ReferenceDecision]
  /// Set on the frame of a release.
  public var release: ReferenceRelease?

  /// Whether an event of `kind` happened.
  public func contains(_ kind: EngineEvents.Kind) -> Bool {
    events.contains { $0.kind == kind }
  }

  /// The engine-style bit mask of the event kinds.
  public var eventMask: UInt16 {
    events.reduce(0) { $0 | $1.kind.rawValue }
  }
}

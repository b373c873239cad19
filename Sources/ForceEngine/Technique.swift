/// How the thumb chooses the direction of motion (Docs/techniques.md).
public enum Technique: Int32, Sendable {
  /// Roll the thumb right for up, left for down.
  case thumbRoll = 0
  /// A quick press-and-release toggles direction.
  case pulse = 1
  /// Pressing through to the maximum reverses; easing off then moves down.
  case pressThrough = 2
  /// Each cell is its own button: right up, left down.
  case twoButton = 3
  /// Up only; past the maximum the value wraps to the minimum.
  case wrap = 4
  /// Force maps directly onto the range (short lists).
  case positional = 5

  /// Public name, as used by `--set technique=NAME`.
  public var name: StaticString {
    switch self {
    case .thumbRoll: return "thumb-roll"
    case .pulse: return "pulse"
    case .pressThrough: return "press-through"
    case .twoButton: return "two-button"
    case .wrap: return "wrap"
    case .positional: return "positional"
    }
  }
}

/// Force-touch sensitivity setting (Docs/signal-chain.md): the same full scale, reached with
/// less (light) or more (firm) force.
public enum Sensitivity: Int32, Sendable {
  /// Multiply by 60/48.
  case light = 0
  /// Multiply by 1.
  case normal = 1
  /// Multiply by 60/72.
  case firm = 2

  /// Public name, as used by `--set sensitivity=NAME`.
  public var name: StaticString {
    switch self {
    case .light: return "light"
    case .normal: return "normal"
    case .firm: return "firm"
    }
  }

  /// The multiplier in Q16 fixed point.
  @inlinable
  public var gainQ16: Int32 {
    switch self {
    case .light: return 81_920  // 60/48 = 1.25
    case .normal: return 65_536
    case .firm: return 54_613  // 60/72 = 0.8333…
    }
  }
}

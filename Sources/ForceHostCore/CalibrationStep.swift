/// One of the recordings guided calibration asks for: rest, a firm press on each side
/// and, optionally, a medium press on each side.
public enum CalibrationStep: Sendable {
  case rest
  case left
  case right
  case mediumLeft
  case mediumRight

  /// The step as messages name it: "rest", "left press", "right press", "left medium
  /// press", "right medium press".
  public var name: StaticString {
    switch self {
    case .rest: return "rest"
    case .left: return "left press"
    case .right: return "right press"
    case .mediumLeft: return "left medium press"
    case .mediumRight: return "right medium press"
    }
  }

  /// How many steps calibration asks for.
  public static let count = 5

  /// Step `index` (0..<count) in the order calibration asks for them: rest, the firm
  /// presses, the medium ones; nil past the last.
  public static func at(_ index: Int) -> CalibrationStep? {
    switch index {
    case 0: return .rest
    case 1: return .left
    case 2: return .right
    case 3: return .mediumLeft
    case 4: return .mediumRight
    default: return nil
    }
  }

  /// What the person is asked to do for this step (`forcectl calibrate`, the web tuner).
  public var prompt: StaticString {
    switch self {
    case .rest: return "Rest your thumb lightly on the cap (or leave it untouched)"
    case .left: return "Press the LEFT side firmly and hold"
    case .right: return "Press the RIGHT side firmly and hold"
    case .mediumLeft: return "Press the LEFT side at medium force, as you would to scroll at a steady pace, and hold"
    case .mediumRight: return "Press the RIGHT side at medium force, as you would to scroll at a steady pace, and hold"
    }
  }

  /// Whether this is a medium press.
  public var isMedium: Bool { self == .mediumLeft || self == .mediumRight }
}

/// A cell, as calibration's messages name it.
public enum CalibrationCell: Sendable {
  case left
  case right

  /// "left" or "right".
  public var name: StaticString {
    switch self {
    case .left: return "left"
    case .right: return "right"
    }
  }

  /// The step that presses this cell firmly.
  public var press: CalibrationStep { self == .left ? .left : .right }

  /// The step that presses this cell at medium force.
  public var mediumPress: CalibrationStep { self == .left ? .mediumLeft : .mediumRight }

  /// The other cell.
  public var other: CalibrationCell { self == .left ? .right : .left }
}

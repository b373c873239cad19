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

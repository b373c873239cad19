/// One of the three recordings guided calibration asks for.
public enum CalibrationStep: Sendable {
  case rest
  case left
  case right

  /// The step as messages name it: "rest", "left press", "right press".
  public var name: StaticString {
    switch self {
    case .rest: return "rest"
    case .left: return "left press"
    case .right: return "right press"
    }
  }
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

  /// The step that presses this cell.
  public var press: CalibrationStep { self == .left ? .left : .right }

  /// The other cell.
  public var other: CalibrationCell { self == .left ? .right : .left }
}

/// Why recordings cannot be calibrated from; its text says what to do again.
public enum CalibrationRefusal: Error, Equatable, Sendable {
  /// A step recorded fewer than `CalibrationFit.minimumFrames` frames.
  case tooFewFrames
  /// A press rose less than `CalibrationFit.minimumSpan` above its cell's offset.
  case pressTooLight(CalibrationCell, peak: Int, offset: Int32)
  /// A cell read at or above `rail_level` during a step (shorted to the supply?).
  case railed(CalibrationCell, CalibrationStep, reading: Int, railLevel: Int32)
  /// A cell never changed during a step while the other cell did (reading frozen).
  case frozen(CalibrationCell, CalibrationStep, reading: Int)
  /// A press (firm or medium, `CalibrationStep`) never rose above its cell's rest (not
  /// pressed, or a broken lead).
  case noRise(CalibrationCell, CalibrationStep, peak: Int, restHigh: Int)
  /// A medium press rose less than `CalibrationFit.minimumSpan` above its cell's offset
  /// (`reading`, its median, rounded).
  case mediumTooLight(CalibrationCell, reading: Int, offset: Int32)
  /// A medium press rose more than `CalibrationFit.mediumMostOfFirm` of the firm press's
  /// rise on its cell (`firm`, the firm press's 90th percentile).
  case mediumTooFirm(CalibrationCell, reading: Int, firm: Int)
  /// A medium press read more on the other cell than on its own.
  case mediumOnOtherCell(CalibrationCell)
  /// A medium press read less on its own cell than the other medium press did there.
  case mediumBelowOther(CalibrationCell)
  /// A rest reading rose more than `CalibrationCheck.unsteadyRest` above the cell's
  /// median: a press during the rest step.
  case unsteadyRest(CalibrationCell, high: Int, median: Int)

  /// The message, one line, as `forcectl calibrate` and the page show it.
  public func write<Sink: TextSink>(to sink: inout Sink) {
    switch self {
    case .tooFewFrames:
      sink.write("too few samples to calibrate (need at least ")
      sink.write(CalibrationFit.minimumFrames)
      sink.write(" per step; is telemetry streaming?)")
    case .pressTooLight(let cell, let peak, let offset):
      sink.write("the ")
      sink.write(cell.name)
      sink.write(" press read only ")
      sink.write(peak)
      sink.write(" (rest ")
      sink.write(offset)
      sink.write("): press the ")
      sink.write(cell.name)
      sink.write(" side firmly and try again")
    case .railed(let cell, let step, let reading, let railLevel):
      Self.refusal(cell, step, to: &sink) { sink in
        sink.write("sat at the rail (")
        sink.write(reading)
        sink.write(", rail_level ")
        sink.write(railLevel)
        sink.write(": shorted to the supply?)")
      }
    case .frozen(let cell, let step, let reading):
      Self.refusal(cell, step, to: &sink) { sink in
        sink.write("never changed from ")
        sink.write(reading)
        sink.write(" while the ")
        sink.write(cell.other.name)
        sink.write(" cell did (stuck: reading frozen)")
      }
    case .noRise(let cell, let step, let peak, let restHigh):
      sink.write("calibration refused: the ")
      sink.write(cell.name)
      sink.write(" cell did not rise above its rest (press ")
      sink.write(peak)
      sink.write(", rest up to ")
      sink.write(restHigh)
      sink.write(") during the ")
      sink.write(step.name)
      sink.write(" step: press the ")
      sink.write(cell.name)
      sink.write(step.isMedium ? " side at medium force" : " side firmly")
      sink.write("; if you did, its lead may be broken: ")
      Self.wiring(cell, to: &sink)
    case .mediumTooLight(let cell, let reading, let offset):
      Self.medium(cell, to: &sink)
      sink.write(" read only ")
      sink.write(reading)
      sink.write(" (rest ")
      sink.write(offset)
      sink.write("): press the ")
      sink.write(cell.name)
      sink.write(" side at medium force and try again")
    case .mediumTooFirm(let cell, let reading, let firm):
      Self.medium(cell, to: &sink)
      sink.write(" read ")
      sink.write(reading)
      sink.write(", nearly as much as the firm press (")
      sink.write(firm)
      sink.write("): press the ")
      sink.write(cell.name)
      sink.write(" side about half as hard and try again")
    case .mediumOnOtherCell(let cell):
      Self.medium(cell, to: &sink)
      sink.write(" read more on the ")
      sink.write(cell.other.name)
      sink.write(" cell than on the ")
      sink.write(cell.name)
      sink.write(" one: press the ")
      sink.write(cell.name)
      sink.write(" side and try again")
    case .mediumBelowOther(let cell):
      Self.medium(cell, to: &sink)
      sink.write(" read less on the ")
      sink.write(cell.name)
      sink.write(" cell than the ")
      sink.write(cell.other.name)
      sink.write(" medium press did: press the ")
      sink.write(cell.name)
      sink.write(" side at medium force and try again")
    case .unsteadyRest(let cell, let high, let median):
      sink.write("calibration refused: the ")
      sink.write(cell.name)
      sink.write(" cell was not steady during the rest step (readings up to ")
      sink.write(high)
      sink.write(", most near ")
      sink.write(median)
      sink.write(
        "): leave the cap untouched, or rest your thumb lightly and still, and calibrate again; no parameter changed")
    }
  }

  /// "calibration refused: the right cell <reason> during the rest step: check the right
  /// cell's wiring (Hardware/wiring.md); no parameter changed".
  public static func refusal<Sink: TextSink>(
    _ cell: CalibrationCell, _ step: CalibrationStep, to sink: inout Sink, reason: (inout Sink) -> Void
  ) {
    sink.write("calibration refused: the ")
    sink.write(cell.name)
    sink.write(" cell ")
    reason(&sink)
    sink.write(" during the ")
    sink.write(step.name)
    sink.write(" step: ")
    wiring(cell, to: &sink)
  }

  /// "the left medium press".
  static func medium<Sink: TextSink>(_ cell: CalibrationCell, to sink: inout Sink) {
    sink.write("the ")
    sink.write(cell.mediumPress.name)
  }

  static func wiring<Sink: TextSink>(_ cell: CalibrationCell, to sink: inout Sink) {
    sink.write("check the ")
    sink.write(cell.name)
    sink.write(" cell's wiring (Hardware/wiring.md); no parameter changed")
  }
}

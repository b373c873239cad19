import ForceEngine
import ForceHostCore
import ForceProtocol
import ForceTrace

/// `forcectl calibrate`'s proposal: the offsets and gains (`CalibrationFit`, whose
/// maths is ForceHostCore's, shared with the page and the simulated study) from its
/// recordings, at rest, a firm left press, a firm right press and, optionally, a medium
/// left press and a medium right press (raw readings), with its errors as
/// `DeviceError`s.
public enum CalibrationProposal {
  /// One of the recordings calibration asks for.
  public typealias Step = CalibrationStep

  /// Offset = rest mean + max(8, 3σ), so noise at rest reads 0; gain so that the
  /// 90th percentile of the firm press reads `CalibrationFit.target` after the offset, or, with the
  /// medium presses, so that each medium press's total reads
  /// `CalibrationFit.mediumTarget`. The maths is `CalibrationCheck` (ForceHostCore),
  /// shared with the page and the simulated study.
  ///
  /// Refuses, naming the cell, the step and the reason, when the readings show a
  /// broken cell (`CalibrationCheck.readings`), or a press too light to measure, or a
  /// medium press as firm as the firm one.
  public static func from(
    rest: [RawFrame], left: [RawFrame], right: [RawFrame], medium: (left: [RawFrame], right: [RawFrame])? = nil,
    railLevel: Int32 = ParameterID.railLevel.info.defaultValue
  ) throws(DeviceError) -> CalibrationFit {
    do {
      if let medium {
        return try CalibrationCheck.propose(
          rest: CalibrationRecording(rest), left: CalibrationRecording(left), right: CalibrationRecording(right),
          mediumLeft: CalibrationRecording(medium.left), mediumRight: CalibrationRecording(medium.right),
          railLevel: railLevel)
      }
      return try CalibrationCheck.propose(
        rest: CalibrationRecording(rest), left: CalibrationRecording(left), right: CalibrationRecording(right),
        railLevel: railLevel)
    } catch {
      throw DeviceError.invalid(error.message)
    }
  }

  /// Refuses a step during which the device reported a cell `open`, `railed`, `stuck`
  /// or `intermittent` (`faults`: the first such fault each cell showed in the step's
  /// telemetry). `drifted` is no reason: calibrating is its remedy.
  public static func check(faults: CellFaults, during step: Step) throws(DeviceError) {
    for (cell, fault) in faults.cells where fault.holds {
      throw refusal(cell, step, "was \(fault.explained)")
    }
  }

  static func refusal(_ cell: String, _ step: Step, _ reason: String) -> DeviceError {
    var text = TextBuffer()
    CalibrationRefusal.refusal(cell == "left" ? .left : .right, step, to: &text) { text in
      for byte in reason.utf8 { text.append(byte) }
    }
    return .invalid(text.string)
  }
}

extension CalibrationFit {
  /// Human-readable summary.
  public var summary: String {
    var text = TextBuffer()
    writeSummary(to: &text)
    return text.string
  }
}

import ForceEngine
import ForceHostCore
import ForceProtocol
import ForceTrace

/// Offsets and gains proposed from three recordings: at rest, a firm left press and
/// a firm right press (raw readings).
public struct CalibrationProposal: Equatable, Sendable {
  public var leftOffset: Int32
  public var rightOffset: Int32
  public var leftGain: Int32
  public var rightGain: Int32
  /// What was measured, for the user.
  public var restLeft: Double, restRight: Double, leftPeak: Double, rightPeak: Double

  /// The force a firm press should read (close to full scale).
  public static let target = CalibrationFit.target
  /// Smallest margin above the rest mean, raw counts.
  public static let minimumMargin = CalibrationFit.minimumMargin

  /// One of the three recordings calibration asks for.
  public typealias Step = CalibrationStep

  /// Offset = rest mean + max(8, 3σ), so noise at rest reads 0; gain so that the
  /// 90th percentile of the press reads `target` after the offset. The maths is
  /// `CalibrationCheck` (ForceHostCore), shared with the page and the simulated study.
  ///
  /// Refuses, naming the cell, the step and the reason, when the readings show a
  /// broken cell (`CalibrationCheck.readings`), or a press too light to measure.
  public static func from(
    rest: [RawFrame], left: [RawFrame], right: [RawFrame],
    railLevel: Int32 = ParameterID.railLevel.info.defaultValue
  ) throws(DeviceError) -> CalibrationProposal {
    let fit: CalibrationFit
    do {
      fit = try CalibrationCheck.propose(
        rest: CalibrationRecording(rest), left: CalibrationRecording(left), right: CalibrationRecording(right),
        railLevel: railLevel)
    } catch {
      throw DeviceError.invalid(error.message)
    }
    return CalibrationProposal(
      leftOffset: fit.leftOffset, rightOffset: fit.rightOffset, leftGain: fit.leftGain, rightGain: fit.rightGain,
      restLeft: fit.restLeft, restRight: fit.restRight, leftPeak: fit.leftPeak, rightPeak: fit.rightPeak)
  }

  /// The four parameters as one all-or-nothing batch.
  public var batch: ParamBatch { fit.batch }

  /// The fit this proposal holds.
  var fit: CalibrationFit {
    CalibrationFit(
      leftOffset: leftOffset, rightOffset: rightOffset, leftGain: leftGain, rightGain: rightGain,
      restLeft: restLeft, restRight: restRight, leftPeak: leftPeak, rightPeak: rightPeak)
  }

  /// Human-readable summary.
  public var summary: String {
    var text = TextBuffer()
    fit.writeSummary(to: &text)
    return text.string
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

import ForceEngine
import ForceHostCore
import ForceProtocol
import ForceTrace

/// Offsets and gains proposed from the recordings of `forcectl calibrate`: at rest, a
/// firm left press, a firm right press and, optionally, a medium left press and a
/// medium right press (raw readings).
public struct CalibrationProposal: Equatable, Sendable {
  public var leftOffset: Int32
  public var rightOffset: Int32
  public var leftGain: Int32
  public var rightGain: Int32
  /// What was measured, for the user.
  public var restLeft: Double, restRight: Double, leftPeak: Double, rightPeak: Double
  /// The medium presses' totals above the offsets (0 without medium presses).
  public var leftMedium = 0.0, rightMedium = 0.0

  /// The force a firm press should read (close to full scale).
  public static let target = CalibrationFit.target
  /// Smallest margin above the rest mean, raw counts.
  public static let minimumMargin = CalibrationFit.minimumMargin

  /// One of the recordings calibration asks for.
  public typealias Step = CalibrationStep

  /// Offset = rest mean + max(8, 3σ), so noise at rest reads 0; gain so that the
  /// 90th percentile of the firm press reads `target` after the offset, or, with the
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
  ) throws(DeviceError) -> CalibrationProposal {
    let fit: CalibrationFit
    do {
      if let medium {
        fit = try CalibrationCheck.propose(
          rest: CalibrationRecording(rest), left: CalibrationRecording(left), right: CalibrationRecording(right),
          mediumLeft: CalibrationRecording(medium.left), mediumRight: CalibrationRecording(medium.right),
          railLevel: railLevel)
      } else {
        fit = try CalibrationCheck.propose(
          rest: CalibrationRecording(rest), left: CalibrationRecording(left), right: CalibrationRecording(right),
          railLevel: railLevel)
      }
    } catch {
      throw DeviceError.invalid(error.message)
    }
    var proposal = CalibrationProposal(
      leftOffset: fit.leftOffset, rightOffset: fit.rightOffset, leftGain: fit.leftGain, rightGain: fit.rightGain,
      restLeft: fit.restLeft, restRight: fit.restRight, leftPeak: fit.leftPeak, rightPeak: fit.rightPeak)
    proposal.leftMedium = fit.leftMedium
    proposal.rightMedium = fit.rightMedium
    return proposal
  }

  /// The offsets, gains and `fsr_law` as one all-or-nothing batch.
  public var batch: ParamBatch { fit.batch }

  /// The fit this proposal holds.
  var fit: CalibrationFit {
    var fit = CalibrationFit(
      leftOffset: leftOffset, rightOffset: rightOffset, leftGain: leftGain, rightGain: rightGain,
      restLeft: restLeft, restRight: restRight, leftPeak: leftPeak, rightPeak: rightPeak)
    fit.leftMedium = leftMedium
    fit.rightMedium = rightMedium
    return fit
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

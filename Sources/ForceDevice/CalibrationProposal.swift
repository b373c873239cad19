import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation

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

  /// Offset = rest mean + max(8, 3σ), so noise at rest reads 0; gain so that the
  /// 90th percentile of the press reads `target` after the offset. The maths is
  /// `CalibrationFit` (ForceTrace), shared with the simulated study's participants.
  public static func from(rest: [RawFrame], left: [RawFrame], right: [RawFrame]) throws(DeviceError)
    -> CalibrationProposal
  {
    let fit: CalibrationFit
    do { fit = try CalibrationFit.from(rest: rest, left: left, right: right) } catch {
      throw DeviceError.invalid(error.message)
    }
    return CalibrationProposal(
      leftOffset: fit.leftOffset, rightOffset: fit.rightOffset, leftGain: fit.leftGain, rightGain: fit.rightGain,
      restLeft: fit.restLeft, restRight: fit.restRight, leftPeak: fit.leftPeak, rightPeak: fit.rightPeak)
  }

  /// The four parameters as one all-or-nothing batch.
  public var batch: ParamBatch {
    var batch = ParamBatch()
    batch.append(ParamValue(.leftOffset, leftOffset))
    batch.append(ParamValue(.rightOffset, rightOffset))
    batch.append(ParamValue(.leftGain, leftGain))
    batch.append(ParamValue(.rightGain, rightGain))
    return batch
  }

  /// Human-readable summary.
  public var summary: String {
    """
      measured: rest left \(String(format: "%.1f", restLeft)), rest right \(String(format: "%.1f", restRight)), \
    left press \(Int(leftPeak)), right press \(Int(rightPeak))
      proposed: left_offset=\(leftOffset) right_offset=\(rightOffset) left_gain=\(leftGain) right_gain=\(rightGain)
    """
  }
}

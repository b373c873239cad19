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
  public static let target = 1000.0
  /// Smallest margin above the rest mean, raw counts.
  public static let minimumMargin = 8.0

  /// Offset = rest mean + max(8, 3σ), so noise at rest reads 0; gain so that the
  /// 90th percentile of the press reads `target` after the offset.
  public static func from(rest: [RawFrame], left: [RawFrame], right: [RawFrame]) throws(DeviceError)
    -> CalibrationProposal
  {
    guard rest.count >= 10, left.count >= 10, right.count >= 10 else {
      throw DeviceError.invalid("too few samples to calibrate (need at least 10 per step; is telemetry streaming?)")
    }
    let restLeft = rest.map { Double($0.left) }
    let restRight = rest.map { Double($0.right) }
    func offset(_ values: [Double]) -> Int32 {
      let margin = max(minimumMargin, 3 * deviation(values))
      return Int32(min(1022, max(0, (mean(values) + margin).rounded())))
    }
    let leftOffset = offset(restLeft)
    let rightOffset = offset(restRight)
    let leftPeak = percentile(left.map { Double($0.left) }, 0.9)
    let rightPeak = percentile(right.map { Double($0.right) }, 0.9)
    func gain(_ peak: Double, _ offset: Int32, _ side: String) throws(DeviceError) -> Int32 {
      let span = peak - Double(offset)
      guard span >= 50 else {
        throw DeviceError.invalid(
          "the \(side) press read only \(Int(peak)) (rest \(offset)): press the \(side) side firmly and try again")
      }
      let info = ParameterID.leftGain.info
      return Int32(max(Double(info.min), min(Double(info.max), (1000 * target / span).rounded())))
    }
    return CalibrationProposal(
      leftOffset: leftOffset, rightOffset: rightOffset,
      leftGain: try gain(leftPeak, leftOffset, "left"), rightGain: try gain(rightPeak, rightOffset, "right"),
      restLeft: mean(restLeft), restRight: mean(restRight), leftPeak: leftPeak, rightPeak: rightPeak)
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

  static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }
  static func deviation(_ values: [Double]) -> Double {
    let m = mean(values)
    return (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(max(values.count, 1))).squareRoot()
  }
  static func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
  }
}

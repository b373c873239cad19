import ForceEngine
import ForceProtocol

/// Offsets and gains from three recordings of raw readings: at rest, a firm left press
/// and a firm right press. The maths of `forcectl calibrate` (ForceDevice's
/// `CalibrationProposal`), of the page's guided calibration (ForceWasm) and of the
/// simulator's participants (Docs/study-design.md).
///
/// Offset = rest mean + max(8, 3σ), so noise at rest reads 0; gain so that the 90th
/// percentile of the press reads `target` after the offset.
public struct CalibrationFit: Equatable, Sendable {
  public var leftOffset: Int32
  public var rightOffset: Int32
  public var leftGain: Int32
  public var rightGain: Int32
  /// What was measured: each cell's rest mean and each press's 90th percentile.
  public var restLeft: Double, restRight: Double, leftPeak: Double, rightPeak: Double

  /// A calibration of these offsets and gains, from these measurements.
  public init(
    leftOffset: Int32, rightOffset: Int32, leftGain: Int32, rightGain: Int32, restLeft: Double = 0,
    restRight: Double = 0, leftPeak: Double = 0, rightPeak: Double = 0
  ) {
    self.leftOffset = leftOffset
    self.rightOffset = rightOffset
    self.leftGain = leftGain
    self.rightGain = rightGain
    self.restLeft = restLeft
    self.restRight = restRight
    self.leftPeak = leftPeak
    self.rightPeak = rightPeak
  }

  /// The force a firm press should read (close to full scale).
  public static let target = 1000.0
  /// Smallest margin above the rest mean, raw counts.
  public static let minimumMargin = 8.0
  /// Fewest frames a recording may have.
  public static let minimumFrames = 10
  /// Smallest rise of a press above its cell's offset, raw counts.
  public static let minimumSpan = 50.0

  /// The offsets and gains for `rest`, `left` and `right`. The refusal says which step
  /// to repeat: too few frames, or a press that reads too close to rest.
  public static func from<Readings>(
    rest: CalibrationRecording<Readings>, left: CalibrationRecording<Readings>,
    right: CalibrationRecording<Readings>
  ) throws(CalibrationRefusal) -> CalibrationFit {
    guard rest.count >= minimumFrames, left.count >= minimumFrames, right.count >= minimumFrames else {
      throw .tooFewFrames
    }
    let leftOffset = offset(rest.left)
    let rightOffset = offset(rest.right)
    let leftPeak = ReadingStatistics.percentile(left.left, 0.9)
    let rightPeak = ReadingStatistics.percentile(right.right, 0.9)
    return CalibrationFit(
      leftOffset: leftOffset, rightOffset: rightOffset,
      leftGain: try gain(leftPeak, leftOffset, .left), rightGain: try gain(rightPeak, rightOffset, .right),
      restLeft: ReadingStatistics.mean(rest.left), restRight: ReadingStatistics.mean(rest.right),
      leftPeak: Double(leftPeak), rightPeak: Double(rightPeak))
  }

  /// Rest mean + max(8, 3σ), within 0…1022.
  static func offset(_ values: some Collection<UInt16>) -> Int32 {
    let margin = max(minimumMargin, 3 * ReadingStatistics.deviation(values))
    return Int32(min(1022, max(0, Rounding.nearest(ReadingStatistics.mean(values) + margin))))
  }

  /// The gain that makes `peak` read `target` after `offset`, within the gain's range.
  static func gain(_ peak: Int, _ offset: Int32, _ cell: CalibrationCell) throws(CalibrationRefusal) -> Int32 {
    let span = Double(peak) - Double(offset)
    guard span >= minimumSpan else { throw .pressTooLight(cell, peak: peak, offset: offset) }
    let info = ParameterID.leftGain.info
    return Int32(max(Double(info.min), min(Double(info.max), Rounding.nearest(1000 * target / span))))
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

  /// What was measured and what is proposed, two indented lines.
  public func writeSummary<Sink: TextSink>(to sink: inout Sink) {
    sink.write("  measured: rest left ")
    sink.write(tenths: restLeft)
    sink.write(", rest right ")
    sink.write(tenths: restRight)
    sink.write(", left press ")
    sink.write(Int(leftPeak))
    sink.write(", right press ")
    sink.write(Int(rightPeak))
    sink.write("\n  proposed: left_offset=")
    sink.write(leftOffset)
    sink.write(" right_offset=")
    sink.write(rightOffset)
    sink.write(" left_gain=")
    sink.write(leftGain)
    sink.write(" right_gain=")
    sink.write(rightGain)
  }
}

import ForceEngine
import ForceProtocol

/// Offsets and gains from the recordings of guided calibration: at rest, a firm left
/// press, a firm right press and, optionally, a medium left press and a medium right
/// press (raw readings). The maths of `forcectl calibrate` (ForceDevice's
/// `CalibrationProposal`), of the page's guided calibration (ForceWasm) and of the
/// simulator's participants (Docs/study-design.md).
///
/// Offset = rest mean + max(8, 3σ), so noise at rest reads 0; `fsr_law` on, so a
/// press above that rest (the cap's preload) reads what the thumb alone would make;
/// gain so that the 90th percentile of the firm press reads `target` after the offset
/// and the law. With the medium presses, the gains instead make each medium press's
/// total (both cells, their medians, after the offsets and the law) read
/// `mediumTarget`: a firm press saturates the cells, where a part's sensitivity hardly
/// shows, and a medium one is in the range the picker is used in
/// (Docs/hardware-quickstart.md, Calibrate).
public struct CalibrationFit: Equatable, Sendable {
  public var leftOffset: Int32
  public var rightOffset: Int32
  public var leftGain: Int32
  public var rightGain: Int32
  /// What was measured: each cell's rest mean and each press's 90th percentile.
  public var restLeft: Double, restRight: Double, leftPeak: Double, rightPeak: Double
  /// The medium presses' totals, the medians of both cells' raw readings less their
  /// offsets (0 without medium presses).
  public var leftMedium = 0.0, rightMedium = 0.0

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

  /// Whether the gains come from medium presses.
  public var hasMedium: Bool { leftMedium > 0 || rightMedium > 0 }

  /// The force a firm press should read (close to full scale).
  public static let target = 1000.0
  /// Smallest margin above the rest mean, raw counts.
  public static let minimumMargin = 8.0
  /// Fewest frames a recording may have.
  public static let minimumFrames = 10
  /// Smallest rise of a press above its cell's offset, raw counts.
  public static let minimumSpan = 50.0
  /// What a medium press (both cells together) should read: the middle of the scale,
  /// halfway between `rest_threshold` and `boost_threshold` at their defaults.
  public static let mediumTarget = 512.0
  /// Largest medium press, as a fraction of the firm press's rise on the same cell: a
  /// press closer to the firm one says nothing about the middle of the range.
  public static let mediumMostOfFirm = 0.85

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

  /// `from(rest:left:right:)` (its offsets and checks), then gains from the medium
  /// presses: each one's total, both cells after their offsets, reads `mediumTarget`.
  /// The refusal says which step to repeat.
  public static func from<Readings>(
    rest: CalibrationRecording<Readings>, left: CalibrationRecording<Readings>,
    right: CalibrationRecording<Readings>, mediumLeft: CalibrationRecording<Readings>,
    mediumRight: CalibrationRecording<Readings>
  ) throws(CalibrationRefusal) -> CalibrationFit {
    var fit = try from(rest: rest, left: left, right: right)
    guard mediumLeft.count >= minimumFrames, mediumRight.count >= minimumFrames else { throw .tooFewFrames }
    let offsets = (left: Double(fit.leftOffset), right: Double(fit.rightOffset))
    /// A medium press: the medians of both cells above their offsets.
    func above(_ press: CalibrationRecording<Readings>) -> (left: Double, right: Double) {
      (
        max(0, Double(ReadingStatistics.percentile(press.left, 0.5)) - offsets.left),
        max(0, Double(ReadingStatistics.percentile(press.right, 0.5)) - offsets.right)
      )
    }
    let onLeft = above(mediumLeft)
    let onRight = above(mediumRight)
    try checkMedium(
      .left, own: onLeft.left, otherReads: onLeft.right, elsewhere: onRight.left, peak: fit.leftPeak,
      offset: offsets.left)
    try checkMedium(
      .right, own: onRight.right, otherReads: onRight.left, elsewhere: onLeft.right, peak: fit.rightPeak,
      offset: offsets.right)
    // The gains act on what the FSR law makes of each reading above its offset (the
    // law is monotonic, so the checks above hold for these readings too).
    func law(_ press: CalibrationRecording<Readings>) -> (left: Double, right: Double) {
      (
        lawReading(ReadingStatistics.percentile(press.left, 0.5), fit.leftOffset),
        lawReading(ReadingStatistics.percentile(press.right, 0.5), fit.rightOffset)
      )
    }
    let lawOnLeft = law(mediumLeft)
    let lawOnRight = law(mediumRight)
    // Each press also reads a little on the other cell, and the engine adds both:
    // gains gL, gR with onLeft.left·gL + onLeft.right·gR = mediumTarget and
    // onRight.left·gL + onRight.right·gR = mediumTarget. The checks above make the
    // determinant and both gains positive (each press reads more on its own cell than
    // on the other, and more than the other press read there).
    let determinant = lawOnLeft.left * lawOnRight.right - lawOnLeft.right * lawOnRight.left
    let info = ParameterID.leftGain.info
    func gain(_ value: Double) -> Int32 {
      Int32(max(Double(info.min), min(Double(info.max), Rounding.nearest(1000 * value))))
    }
    fit.leftGain = gain(mediumTarget * (lawOnRight.right - lawOnLeft.right) / determinant)
    fit.rightGain = gain(mediumTarget * (lawOnLeft.left - lawOnRight.left) / determinant)
    fit.leftMedium = lawOnLeft.left + lawOnLeft.right
    fit.rightMedium = lawOnRight.left + lawOnRight.right
    return fit
  }

  /// Refuses `cell`'s medium press: `own`, what it read on its cell above the offset;
  /// `otherReads`, on the other cell; `elsewhere`, what the other medium press read on
  /// this cell; `peak`, the firm press's 90th percentile on this cell.
  static func checkMedium(
    _ cell: CalibrationCell, own: Double, otherReads: Double, elsewhere: Double, peak: Double, offset: Double
  ) throws(CalibrationRefusal) {
    let reading = Int(Rounding.nearest(own + offset))
    guard own >= minimumSpan else { throw .mediumTooLight(cell, reading: reading, offset: Int32(offset)) }
    guard own <= mediumMostOfFirm * (peak - offset) else {
      throw .mediumTooFirm(cell, reading: reading, firm: Int(peak))
    }
    guard otherReads < own else { throw .mediumOnOtherCell(cell) }
    guard elsewhere < own else { throw .mediumBelowOther(cell) }
  }

  /// Rest mean + max(8, 3σ), within 0…1022.
  static func offset(_ values: some Collection<UInt16>) -> Int32 {
    let margin = max(minimumMargin, 3 * ReadingStatistics.deviation(values))
    return Int32(min(1022, max(0, Rounding.nearest(ReadingStatistics.mean(values) + margin))))
  }

  /// The gain that makes `peak` read `target` after `offset` and the FSR law, within
  /// the gain's range.
  static func gain(_ peak: Int, _ offset: Int32, _ cell: CalibrationCell) throws(CalibrationRefusal) -> Int32 {
    guard Double(peak) - Double(offset) >= minimumSpan else { throw .pressTooLight(cell, peak: peak, offset: offset) }
    let info = ParameterID.leftGain.info
    let span = lawReading(peak, offset)
    return Int32(max(Double(info.min), min(Double(info.max), Rounding.nearest(1000 * target / span))))
  }

  /// What `fsr_law` makes of a raw `reading` above `offset`, in raw counts (the engine's
  /// own arithmetic, `ForceEngine.fsrLawReading`).
  static func lawReading(_ reading: some BinaryInteger, _ offset: Int32) -> Double {
    Double(ForceEngine.fsrLawReading(Int32(clamping: reading), offset: offset))
  }

  /// The four parameters and `fsr_law` on, as one all-or-nothing batch.
  public var batch: ParamBatch {
    var batch = ParamBatch()
    batch.append(ParamValue(.leftOffset, leftOffset))
    batch.append(ParamValue(.rightOffset, rightOffset))
    batch.append(ParamValue(.leftGain, leftGain))
    batch.append(ParamValue(.rightGain, rightGain))
    batch.append(ParamValue(.fsrLaw, 1))
    return batch
  }

  /// What was measured (with the medium presses' totals, when they set the gains) and
  /// what is proposed, two indented lines.
  public func writeSummary<Sink: TextSink>(to sink: inout Sink) {
    sink.write("  measured: rest left ")
    sink.write(tenths: restLeft)
    sink.write(", rest right ")
    sink.write(tenths: restRight)
    sink.write(", left press ")
    sink.write(Int(leftPeak))
    sink.write(", right press ")
    sink.write(Int(rightPeak))
    if hasMedium {
      sink.write(", left medium ")
      sink.write(Int(Rounding.nearest(leftMedium)))
      sink.write(", right medium ")
      sink.write(Int(Rounding.nearest(rightMedium)))
      sink.write(" above rest by the FSR law")
    }
    sink.write("\n  proposed: left_offset=")
    sink.write(leftOffset)
    sink.write(" right_offset=")
    sink.write(rightOffset)
    sink.write(" left_gain=")
    sink.write(leftGain)
    sink.write(" right_gain=")
    sink.write(rightGain)
    sink.write(" fsr_law=1")
  }
}

import ForceEngine

/// Offsets and gains from the recordings of `forcectl calibrate`: at rest, a firm
/// left press, a firm right press and, optionally, a medium left press and a medium
/// right press (raw readings). The maths of `forcectl
/// calibrate` (ForceDevice's `CalibrationProposal`), here so that the simulator's
/// participants calibrate their devices the same way (Docs/study-design.md).
///
/// Offset = rest mean + max(8, 3σ), so noise at rest reads 0; gain so that the 90th
/// percentile of the firm press reads `target` after the offset. With the medium
/// presses, the gains instead make each medium press's total (both cells, their
/// medians, after the offsets) read `mediumTarget`: a firm press saturates the cells,
/// where a part's sensitivity hardly shows, and a medium one is in the range the
/// picker is used in (Docs/hardware-quickstart.md, Calibrate).
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

  /// The offsets and gains for `rest`, `left` and `right`. The error says which step to
  /// repeat: too few frames, or a press that reads too close to rest.
  public static func from(rest: [RawFrame], left: [RawFrame], right: [RawFrame]) throws(CalibrationError)
    -> CalibrationFit
  {
    guard rest.count >= minimumFrames, left.count >= minimumFrames, right.count >= minimumFrames else {
      throw CalibrationError(
        "too few samples to calibrate (need at least \(minimumFrames) per step; is telemetry streaming?)")
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
    func gain(_ peak: Double, _ offset: Int32, _ side: String) throws(CalibrationError) -> Int32 {
      let span = peak - Double(offset)
      guard span >= minimumSpan else {
        throw CalibrationError(
          "the \(side) press read only \(Int(peak)) (rest \(offset)): press the \(side) side firmly and try again")
      }
      let info = ParameterID.leftGain.info
      return Int32(max(Double(info.min), min(Double(info.max), (1000 * target / span).rounded())))
    }
    return CalibrationFit(
      leftOffset: leftOffset, rightOffset: rightOffset,
      leftGain: try gain(leftPeak, leftOffset, "left"), rightGain: try gain(rightPeak, rightOffset, "right"),
      restLeft: mean(restLeft), restRight: mean(restRight), leftPeak: leftPeak, rightPeak: rightPeak)
  }

  /// `from(rest:left:right:)` (its offsets and checks), then gains from the medium
  /// presses: each one's total, both cells after their offsets, reads `mediumTarget`.
  /// The error says which step to repeat.
  public static func from(
    rest: [RawFrame], left: [RawFrame], right: [RawFrame], mediumLeft: [RawFrame], mediumRight: [RawFrame]
  ) throws(CalibrationError) -> CalibrationFit {
    var fit = try from(rest: rest, left: left, right: right)
    guard mediumLeft.count >= minimumFrames, mediumRight.count >= minimumFrames else {
      throw CalibrationError(
        "too few samples to calibrate (need at least \(minimumFrames) per step; is telemetry streaming?)")
    }
    let offsets = (left: Double(fit.leftOffset), right: Double(fit.rightOffset))
    /// A medium press: the medians of both cells above their offsets.
    func above(_ frames: [RawFrame]) -> (left: Double, right: Double) {
      (
        max(0, percentile(frames.map { Double($0.left) }, 0.5) - offsets.left),
        max(0, percentile(frames.map { Double($0.right) }, 0.5) - offsets.right)
      )
    }
    let onLeft = above(mediumLeft)
    let onRight = above(mediumRight)
    let spans = (left: fit.leftPeak - offsets.left, right: fit.rightPeak - offsets.right)
    // Each step: its cell's reading, the other cell's, what the other step read on
    // this cell, the firm press's rise and the offset.
    let steps:
      [(side: String, other: String, own: Double, otherReads: Double, elsewhere: Double, span: Double, offset: Double)] =
        [
          ("left", "right", onLeft.left, onLeft.right, onRight.left, spans.left, offsets.left),
          ("right", "left", onRight.right, onRight.left, onLeft.right, spans.right, offsets.right),
        ]
    for step in steps {
      let read = Int((step.own + step.offset).rounded())
      guard step.own >= minimumSpan else {
        throw CalibrationError(
          "the \(step.side) medium press read only \(read) (rest \(Int(step.offset))): press the \(step.side) side at medium force and try again"
        )
      }
      guard step.own <= mediumMostOfFirm * step.span else {
        throw CalibrationError(
          "the \(step.side) medium press read \(read), nearly as much as the firm press (\(Int(step.span + step.offset))): press the \(step.side) side about half as hard and try again"
        )
      }
      guard step.otherReads < step.own else {
        throw CalibrationError(
          "the \(step.side) medium press read more on the \(step.other) cell than on the \(step.side) one: press the \(step.side) side and try again"
        )
      }
      guard step.elsewhere < step.own else {
        throw CalibrationError(
          "the \(step.side) medium press read less on the \(step.side) cell than the \(step.other) medium press did: press the \(step.side) side at medium force and try again"
        )
      }
    }
    // Each press also reads a little on the other cell, and the engine adds both:
    // gains gL, gR with onLeft.left·gL + onLeft.right·gR = mediumTarget and
    // onRight.left·gL + onRight.right·gR = mediumTarget. The checks above make the
    // determinant and both gains positive (each press reads more on its own cell than
    // on the other, and more than the other press read there).
    let determinant = onLeft.left * onRight.right - onLeft.right * onRight.left
    let info = ParameterID.leftGain.info
    func gain(_ value: Double) -> Int32 {
      Int32(max(Double(info.min), min(Double(info.max), (1000 * value).rounded())))
    }
    fit.leftGain = gain(mediumTarget * (onRight.right - onLeft.right) / determinant)
    fit.rightGain = gain(mediumTarget * (onLeft.left - onRight.left) / determinant)
    fit.leftMedium = onLeft.left + onLeft.right
    fit.rightMedium = onRight.left + onRight.right
    return fit
  }

  /// The mean (0 when empty).
  public static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }

  /// The population standard deviation (n).
  public static func deviation(_ values: [Double]) -> Double {
    let m = mean(values)
    return (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(max(values.count, 1))).squareRoot()
  }

  /// The value at fraction `p` of the sorted values (nearest rank, rounded).
  public static func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
  }
}

/// Recordings that cannot be calibrated from; the message says what to do again.
public struct CalibrationError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What is wrong, as one line.
  public let message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}

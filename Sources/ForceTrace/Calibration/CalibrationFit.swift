import ForceEngine

/// Offsets and gains from three recordings of raw readings: at rest, a firm left press
/// and a firm right press. The maths of `forcectl calibrate` (ForceDevice's
/// `CalibrationProposal`), here so that the simulator's participants calibrate their
/// devices the same way (Docs/study-design.md).
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

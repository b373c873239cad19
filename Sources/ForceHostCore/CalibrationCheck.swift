/// Guided calibration from start to end: enough frames, readings only a working cell
/// gives, then the fit. `forcectl calibrate` and the page's guided calibration both
/// propose through here.
public enum CalibrationCheck {
  /// The offsets and gains for the three recordings (the gains from the firm presses),
  /// or why they cannot be had.
  public static func propose<Readings>(
    rest: CalibrationRecording<Readings>, left: CalibrationRecording<Readings>,
    right: CalibrationRecording<Readings>, railLevel: Int32
  ) throws(CalibrationRefusal) -> CalibrationFit {
    let enough = CalibrationFit.minimumFrames
    guard rest.count >= enough, left.count >= enough, right.count >= enough else { throw .tooFewFrames }
    try readings(rest: rest, left: left, right: right, railLevel: railLevel)
    return try CalibrationFit.from(rest: rest, left: left, right: right)
  }

  /// The offsets and gains for the five recordings (the gains from the medium presses),
  /// or why they cannot be had: the firm presses' checks, then the medium presses'.
  public static func propose<Readings>(
    rest: CalibrationRecording<Readings>, left: CalibrationRecording<Readings>,
    right: CalibrationRecording<Readings>, mediumLeft: CalibrationRecording<Readings>,
    mediumRight: CalibrationRecording<Readings>, railLevel: Int32
  ) throws(CalibrationRefusal) -> CalibrationFit {
    let enough = CalibrationFit.minimumFrames
    guard rest.count >= enough, left.count >= enough, right.count >= enough, mediumLeft.count >= enough,
      mediumRight.count >= enough
    else { throw .tooFewFrames }
    try readings(rest: rest, left: left, right: right, railLevel: railLevel)
    try readings(rest: rest, left: mediumLeft, right: mediumRight, railLevel: railLevel, medium: true)
    return try CalibrationFit.from(
      rest: rest, left: left, right: right, mediumLeft: mediumLeft, mediumRight: mediumRight)
  }

  /// Refuses readings that only a broken cell gives: a rest or press at or above
  /// `rail_level` (shorted to the supply?); a cell that never changes by one count
  /// through the rest step or its own press while the other cell does (frozen; a steady
  /// 0 is an unloaded cell at rest, or an open one, which its press shows); a press that
  /// never rises above the cell's rest (not pressed, or a broken lead). With `medium`,
  /// `left` and `right` are the medium presses and refusals name them.
  public static func readings<Readings>(
    rest: CalibrationRecording<Readings>, left: CalibrationRecording<Readings>,
    right: CalibrationRecording<Readings>, railLevel: Int32, medium: Bool = false
  ) throws(CalibrationRefusal) {
    let steps: (left: CalibrationStep, right: CalibrationStep) =
      medium ? (.mediumLeft, .mediumRight) : (.left, .right)
    try rail(.left, rest: rest, press: left, step: steps.left, railLevel: railLevel)
    try rail(.right, rest: rest, press: right, step: steps.right, railLevel: railLevel)
    // The rest step for both cells, then each cell's own press (the other cell may
    // well hold still while one is pressed).
    try still(.left, .rest, rest)
    try still(.right, .rest, rest)
    try still(.left, steps.left, left)
    try still(.right, steps.right, right)
    try steady(.left, rest)
    try steady(.right, rest)
    try rises(.left, rest: rest, press: left, step: steps.left)
    try rises(.right, rest: rest, press: right, step: steps.right)
  }

  /// How far above its median a cell's reading may rise during the rest step, raw
  /// counts: more is a press during the rest step (an offset from it would swallow
  /// light presses), not noise.
  public static let unsteadyRest = 100

  /// Refuses `cell` when a rest reading rose more than `unsteadyRest` above its median.
  static func steady<Readings>(_ cell: CalibrationCell, _ rest: CalibrationRecording<Readings>)
    throws(CalibrationRefusal)
  {
    let median = ReadingStatistics.percentile(rest[cell], 0.5)
    let high = ReadingStatistics.maximum(rest[cell])
    if high - median > unsteadyRest { throw .unsteadyRest(cell, high: high, median: median) }
  }

  /// Refuses `cell` when its rest mean or its press (step `step`) reads at or above
  /// `railLevel`.
  static func rail<Readings>(
    _ cell: CalibrationCell, rest: CalibrationRecording<Readings>, press: CalibrationRecording<Readings>,
    step: CalibrationStep, railLevel: Int32
  ) throws(CalibrationRefusal) {
    let restMean = ReadingStatistics.mean(rest[cell])
    if restMean >= Double(railLevel) {
      throw .railed(cell, .rest, reading: Int(Rounding.nearest(restMean)), railLevel: railLevel)
    }
    let peak = ReadingStatistics.percentile(press[cell], 0.9)
    if peak >= Int(railLevel) { throw .railed(cell, step, reading: peak, railLevel: railLevel) }
  }

  /// Refuses `cell` when its press (step `step`) never rose above its highest reading
  /// at rest.
  static func rises<Readings>(
    _ cell: CalibrationCell, rest: CalibrationRecording<Readings>, press: CalibrationRecording<Readings>,
    step: CalibrationStep
  ) throws(CalibrationRefusal) {
    let restHigh = ReadingStatistics.maximum(rest[cell])
    let peak = ReadingStatistics.percentile(press[cell], 0.9)
    if peak <= restHigh { throw .noRise(cell, step, peak: peak, restHigh: restHigh) }
  }

  /// Refuses `cell` when it held one nonzero reading through `step` while the other cell moved.
  static func still<Readings>(
    _ cell: CalibrationCell, _ step: CalibrationStep, _ recording: CalibrationRecording<Readings>
  ) throws(CalibrationRefusal) {
    guard let first = recording[cell].first, let otherFirst = recording[cell.other].first else { return }
    for value in recording[cell] where value != first { return }
    var otherMoved = false
    for value in recording[cell.other] where value != otherFirst { otherMoved = true }
    guard otherMoved, first != 0 else { return }
    throw .frozen(cell, step, reading: Int(first))
  }
}

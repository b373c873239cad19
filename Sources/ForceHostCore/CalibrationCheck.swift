/// Guided calibration from start to end: enough frames, readings only a working cell
/// gives, then the fit. `forcectl calibrate` and the page's guided calibration both
/// propose through here.
public enum CalibrationCheck {
  /// The offsets and gains for the three recordings, or why they cannot be had.
  public static func propose<Readings>(
    rest: CalibrationRecording<Readings>, left: CalibrationRecording<Readings>,
    right: CalibrationRecording<Readings>, railLevel: Int32
  ) throws(CalibrationRefusal) -> CalibrationFit {
    let enough = CalibrationFit.minimumFrames
    guard rest.count >= enough, left.count >= enough, right.count >= enough else { throw .tooFewFrames }
    try readings(rest: rest, left: left, right: right, railLevel: railLevel)
    return try CalibrationFit.from(rest: rest, left: left, right: right)
  }

  /// Refuses readings that only a broken cell gives: a rest or press at or above
  /// `rail_level` (shorted to the supply?); a cell that never changes by one count
  /// through the rest step or its own press while the other cell does (frozen; a steady
  /// 0 is an unloaded cell at rest, or an open one, which its press shows); a press that
  /// never rises above the cell's rest (not pressed, or a broken lead).
  public static func readings<Readings>(
    rest: CalibrationRecording<Readings>, left: CalibrationRecording<Readings>,
    right: CalibrationRecording<Readings>, railLevel: Int32
  ) throws(CalibrationRefusal) {
    try rail(.left, rest: rest, press: left, railLevel: railLevel)
    try rail(.right, rest: rest, press: right, railLevel: railLevel)
    // The rest step for both cells, then each cell's own press (the other cell may
    // well hold still while one is pressed).
    try still(.left, .rest, rest)
    try still(.right, .rest, rest)
    try still(.left, .left, left)
    try still(.right, .right, right)
    try rises(.left, rest: rest, press: left)
    try rises(.right, rest: rest, press: right)
  }

  /// Refuses `cell` when its rest mean or its press reads at or above `railLevel`.
  static func rail<Readings>(
    _ cell: CalibrationCell, rest: CalibrationRecording<Readings>, press: CalibrationRecording<Readings>,
    railLevel: Int32
  ) throws(CalibrationRefusal) {
    let restMean = ReadingStatistics.mean(rest[cell])
    if restMean >= Double(railLevel) {
      throw .railed(cell, .rest, reading: Int(Rounding.nearest(restMean)), railLevel: railLevel)
    }
    let peak = ReadingStatistics.percentile(press[cell], 0.9)
    if peak >= Int(railLevel) { throw .railed(cell, cell.press, reading: peak, railLevel: railLevel) }
  }

  /// Refuses `cell` when its press never rose above its highest reading at rest.
  static func rises<Readings>(
    _ cell: CalibrationCell, rest: CalibrationRecording<Readings>, press: CalibrationRecording<Readings>
  ) throws(CalibrationRefusal) {
    let restHigh = ReadingStatistics.maximum(rest[cell])
    let peak = ReadingStatistics.percentile(press[cell], 0.9)
    if peak <= restHigh { throw .noRise(cell, peak: peak, restHigh: restHigh) }
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

/// One step's raw readings, each cell's in frame order (any collection: the host maps
/// its frames lazily, the page's module keeps fixed buffers).
public struct CalibrationRecording<Readings: Collection> where Readings.Element == UInt16 {
  /// The left cell's readings.
  public var left: Readings
  /// The right cell's readings.
  public var right: Readings

  /// A recording of these readings.
  public init(left: Readings, right: Readings) {
    self.left = left
    self.right = right
  }

  /// The readings of `cell`.
  public subscript(cell: CalibrationCell) -> Readings { cell == .left ? left : right }

  /// Frames recorded.
  public var count: Int { left.count }
}

/// The statistics calibration takes of a cell's readings.
public enum ReadingStatistics {
  /// The mean (0 when empty).
  public static func mean(_ values: some Collection<UInt16>) -> Double {
    var sum = 0.0
    for value in values { sum += Double(value) }
    return sum / Double(max(values.count, 1))
  }

  /// The population standard deviation (n).
  public static func deviation(_ values: some Collection<UInt16>) -> Double {
    let m = mean(values)
    var sum = 0.0
    for value in values { sum += (Double(value) - m) * (Double(value) - m) }
    return (sum / Double(max(values.count, 1))).squareRoot()
  }

  /// The value at fraction `p` of the sorted values (nearest rank, rounded); 0 when
  /// empty. Found by counting, so nothing is copied or sorted.
  public static func percentile(_ values: some Collection<UInt16>, _ p: Double) -> Int {
    let count = values.count
    guard count > 0 else { return 0 }
    let rank = min(count - 1, Int(Rounding.nearest(Double(count - 1) * p)))
    // The smallest v with more than `rank` values at or below it.
    var low = 0
    var high = Int(UInt16.max)
    while low < high {
      let middle = (low + high) / 2
      var atOrBelow = 0
      for value in values where Int(value) <= middle { atOrBelow += 1 }
      if atOrBelow > rank { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The largest value (0 when empty).
  public static func maximum(_ values: some Collection<UInt16>) -> Int {
    var largest = 0
    for value in values where Int(value) > largest { largest = Int(value) }
    return largest
  }
}

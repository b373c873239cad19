/// What a fault remembers while a trace plays: the code a `stuck` fault froze, the
/// breaks of an `intermittent` one (drawn from the seed as time reaches them).
struct FaultState: Sendable {
  let fault: SensorFault
  /// The frozen code of a `stuck` fault, once it has begun.
  var frozen: UInt16?
  /// Breaks of an `intermittent` fault so far, [start, end) ms, in time order.
  var breaks: [(start: Double, end: Double)] = []
  /// Where the next break's gap starts, ms.
  var nextFrom: Double
  /// A `floating` pin's level, once it has begun.
  var wandering: Double?
  var random: SplitMix64

  /// The state of `faults[index]` on the device seeded `seed`.
  init(_ fault: SensorFault, index: Int, seed: UInt64) {
    self.fault = fault
    nextFrom = fault.window.startMs
    random = SplitMix64.stream(seed, SensorStream.fault, UInt64(index))
  }

  /// True when an `intermittent` fault's contact is broken at `t` (inside its window).
  /// The same seed gives the same breaks whatever the order of the calls.
  mutating func isBroken(at t: Double) -> Bool {
    let gaps = SensorFault.intermittentGapMs
    let lengths = SensorFault.intermittentBreakMs
    while nextFrom <= t {
      let start = nextFrom + random.uniform(gaps.lowerBound, gaps.upperBound)
      let end = start + random.uniform(lengths.lowerBound, lengths.upperBound)
      breaks.append((start, end))
      nextFrom = end
    }
    // The last break starting at or before t is the only one that can hold it.
    var low = 0
    var high = breaks.count
    while low < high {
      let middle = (low + high) / 2
      if breaks[middle].start <= t { low = middle + 1 } else { high = middle }
    }
    return low > 0 && t < breaks[low - 1].end
  }
}

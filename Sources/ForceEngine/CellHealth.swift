/// What the engine knows of one cell's health (Docs/sensor-faults.md): its fault, the
/// counters that declare and clear one, and its learned rest level.
struct CellHealth: Equatable {
  var fault: CellFault = .none
  /// Consecutive frames read as open or railed (saturating).
  var badFrames: UInt8 = 0
  /// Consecutive in-range frames since a holding fault's reading came back.
  var goodFrames: UInt8 = 0
  /// Consecutive review windows without a change.
  var stillReviews: UInt8 = 0
  /// Consecutive settled review windows with a change (noise at rest), saturating;
  /// stuck detection is armed from `SensorConfig.noiseReviews` on.
  var restNoise: UInt8 = 0
  /// +4 per bad episode (at most 12), −1 per review: a loose contact raises it.
  var glitchScore: UInt8 = 0
  /// Rest tracking's token bucket (`SensorConfig.stepCredit`, `stepCost`).
  var credit: Int16 = 0
  /// The learned rest level's shift from the offset parameter, counts (|shift| ≤ 500).
  var shift: Int16 = 0
  /// The reading at the previous review.
  var previousSample: UInt16 = 0
  /// Readings below this are open (0: open detection not armed).
  var openBelow: UInt16 = 0
  /// The reading a stuck cell froze at.
  var stuckAt: UInt16 = 0

  /// Whether `raw` lies outside `openBelow..<rail`: one unsigned compare per cell.
  @inline(always)
  func isOutside(_ raw: UInt16, rail: UInt16) -> Bool {
    raw &- openBelow >= rail &- openBelow
  }

  /// One frame's reading against the open and rail levels, while screening (a reading
  /// out of range, or a fault in progress). Returns true when the cell's fault changed;
  /// `raw` is replaced by `lastGood` while the reading is bad.
  mutating func screen(_ raw: inout UInt16, lastGood: UInt16, _ config: SensorConfig) -> Bool {
    let bad: CellFault = raw >= config.rail ? .railed : (raw < openBelow ? .open : .none)
    if bad != .none {
      if badFrames == 0 { glitchScore = glitchScore > 8 ? 12 : glitchScore &+ 4 }
      if badFrames < 255 { badFrames &+= 1 }
      goodFrames = 0
      raw = lastGood
      guard fault == .none || fault == .drifted else { return false }
      if glitchScore >= SensorConfig.intermittentScore {
        fault = .intermittent
        return true
      }
      if badFrames >= config.declareFrames {
        fault = bad
        return true
      }
      return false
    }
    badFrames = 0
    guard fault.holds else { return false }
    if fault == .stuck && raw == stuckAt && goodFrames == 0 { return false }
    goodFrames &+= 1
    guard goodFrames >= config.clearFrames else { return false }
    fault = .none
    goodFrames = 0
    stillReviews = 0
    return true
  }

  /// The review of one window (every `SensorConfig.reviewFrames`): stuck detection, the
  /// rest level and the open level (a quarter of the rest mean, the offset in use less
  /// calibration's 8-count margin, once the offset is at least
  /// `SensorConfig.openArming`: the cap's preload). `drifted` clears only when a step
  /// moves the rest level back inside the limit. `sample` is the last good reading; `offset` the
  /// cell's offset in use (the parameter plus `shift`), moved by a step here. Returns
  /// true when the cell's fault changed.
  mutating func review(
    changed: Bool, sample: UInt16, settled: Bool, offset: inout Int32, contact: Int32,
    _ config: SensorConfig
  ) -> Bool {
    let before = fault
    if glitchScore > 0 { glitchScore &-= 1 }
    if changed {
      stillReviews = 0
    } else if stillReviews < 255 {
      stillReviews &+= 1
    }
    if settled {
      // Armed once four settled windows in a row showed noise; armed it stays.
      if changed {
        if restNoise < 255 { restNoise &+= 1 }
      } else if restNoise < SensorConfig.noiseReviews {
        restNoise = 0
      }
    }
    if config.declareFrames != 0, fault == .none || fault == .drifted,
      restNoise >= SensorConfig.noiseReviews, stillReviews >= SensorConfig.stuckReviews
    {
      fault = .stuck
      stuckAt = sample
      goodFrames = 0
    }
    if credit < config.stepCost { credit &+= config.stepCredit }
    let reading = Int32(sample)
    if settled, config.stepCredit != 0, !fault.holds {
      let previous = Int32(previousSample)
      let difference = reading > previous ? reading &- previous : previous &- reading
      if difference <= SensorConfig.steady {
        var step: Int32 = 0
        if reading > offset && reading <= offset &+ contact {
          step = 1
        } else if reading &+ SensorConfig.band < offset {
          step = -1
        }
        if step != 0 {
          let next = Int32(shift) &+ step
          if next > Int32(config.limit) || next < 0 &- Int32(config.limit) {
            fault = .drifted
          } else if credit >= config.stepCost {
            shift = Int16(truncatingIfNeeded: next)
            offset &+= step
            credit &-= config.stepCost
            if fault == .drifted { fault = .none }
          }
        }
      }
    }
    previousSample = sample
    let armed = config.declareFrames != 0 && offset >= SensorConfig.openArming
    openBelow = armed ? UInt16(truncatingIfNeeded: (offset &- 8) >> 2) : 0
    return fault != before
  }
}

/// What the engine knows of one cell's health (Docs/sensor-faults.md): its fault, the
/// counters that declare and clear one, and its learned rest level.
struct CellHealth: Equatable {
  var fault: CellFault = .none
  /// Consecutive frames read as open or railed (saturating).
  var badFrames: UInt8 = 0
  /// Consecutive in-range frames since a holding fault's reading came back.
  var goodFrames: UInt8 = 0
  /// Consecutive settled review windows with a change (noise at rest), saturating;
  /// stuck detection is armed from `SensorConfig.noiseReviews` on.
  var restNoise: UInt8 = 0
  /// +4 per bad episode (at most 12), −1 per review: a loose contact raises it.
  var glitchScore: UInt8 = 0
  /// Rest tracking's token bucket (`SensorConfig.stepCredit`, `stepCost`).
  var credit: Int16 = 0
  /// The learned rest level's shift from the offset parameter, counts (|shift| ≤ 500).
  var shift: Int16 = 0
  /// The reading at the previous settled review (rest tracking's steadiness test).
  var previousSample: UInt16 = 0
  /// Readings below this are open (0: open detection not armed).
  var openBelow: UInt16 = 0
  /// The reading a stuck cell froze at.
  var stuckAt: UInt16 = 0
  /// Probes in a row whose verdict differs from the cell's state (floating or not).
  var probeVotes: UInt8 = 0

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
    let broken = badFrames
    badFrames = 0
    if broken >= 2 && (fault == .none || fault == .drifted) {
      // Back after a break of two frames or more, shorter than `fault_ms`: a loose
      // contact (a converter's glitch lasts one sample).
      fault = .intermittent
      return true
    }
    guard fault.holds, fault != .floating else { return false }  // only a probe clears floating
    if fault == .stuck && raw == stuckAt && goodFrames == 0 { return false }
    goodFrames &+= 1
    guard goodFrames >= (fault == .intermittent ? config.looseClearFrames : config.clearFrames) else { return false }
    fault = .none
    goodFrames = 0
    return true  // the engine forgets the cell's still windows (`ForceEngine.screenCells`)
  }

  /// A settled review's count of the rest noise that arms stuck detection: `changed`
  /// is whether the reading moved in the window.
  @inline(__always)
  mutating func noteRest(changed: Bool) {
    // Armed once four settled windows in a row showed noise; armed it stays.
    if changed {
      if restNoise < 255 { restNoise &+= 1 }
    } else if restNoise < SensorConfig.noiseReviews {
      restNoise = 0
    }
  }

  /// Whether the cell, still for two review windows, is stuck: its
  /// rest once showed noise, and it has no fault yet.
  var mayBeStuck: Bool {
    restNoise >= SensorConfig.noiseReviews && (fault == .none || fault == .drifted)
  }

  /// A review's decay of the glitch score.
  @inline(__always)
  mutating func forgetGlitch() {
    if glitchScore > 0 { glitchScore &-= 1 }
  }

  /// One probe (Docs/sensor-faults.md): `pulled` is the reading with the pin's pull-up
  /// on, `last` the good reading before it. The pin floats when the pull-up took it at
  /// least 32 counts and 3/8 of the way from `last` to the rail; a pull-down holding
  /// it lets it rise at most R_M / (R_M + R_pull), a quarter with a 3.3 kΩ pull-down
  /// and the nRF51's 11 kΩ (Hardware/wiring.md). Two verdicts in a row declare or
  /// clear `floating`. Returns true when the fault changed. Inlined into
  /// `ForceEngine.probeCells`, its one caller.
  @inline(__always)
  mutating func probed(_ pulled: UInt16, last: UInt16) -> Bool {
    // A cell reading out of range, or with another fault, gets no verdict: a railed
    // pin rises to the rail with or without the pull-up.
    guard badFrames == 0 && (fault == .none || fault == .drifted || fault == .floating) else {
      probeVotes = 0
      return false
    }
    let room = 1023 &- Int32(last)
    let rise = Int32(pulled) &- Int32(last)
    let floats = rise >= 32 && rise >= (room >> 2) &+ (room >> 3)
    guard floats != (fault == .floating) else {
      probeVotes = 0
      return false
    }
    probeVotes &+= 1
    guard probeVotes >= 2 else { return false }
    probeVotes = 0
    fault = floats ? .floating : .none
    goodFrames = 0
    return true
  }

  /// Declares the cell stuck at `sample`.
  mutating func declareStuck(at sample: UInt16) {
    fault = .stuck
    stuckAt = sample
    goodFrames = 0
  }

  /// Rest tracking for one settled review (Docs/sensor-faults.md): a reading steady
  /// since the previous settled review, just above the offset, pulls it up; one well
  /// below pulls it down; one count at a time as the token bucket allows, within the
  /// limit (beyond it: `drifted`). Returns true when the fault or the open level changed.
  /// `config` is read in place (`inout`, never written): passed by value it was packed
  /// into registers field by field, twice a settled review.
  mutating func track(sample: UInt16, offset: inout Int32, contact: Int32, _ config: inout SensorConfig) -> Bool {
    if credit < config.stepCost { credit &+= config.stepCredit }
    let reading = Int32(sample)
    let previous = Int32(previousSample)
    previousSample = sample
    let difference = reading > previous ? reading &- previous : previous &- reading
    guard difference <= SensorConfig.steady else { return false }
    var step: Int32 = 0
    if reading > offset && reading <= offset &+ contact {
      step = 1
    } else if reading &+ SensorConfig.band < offset {
      step = -1
    }
    guard step != 0 else { return false }
    let next = Int32(shift) &+ step
    if next > Int32(config.limit) || next < 0 &- Int32(config.limit) {
      let before = fault
      fault = .drifted
      return fault != before
    }
    guard credit >= config.stepCost else { return false }
    shift = Int16(truncatingIfNeeded: next)
    offset &+= step
    credit &-= config.stepCost
    if fault == .drifted { fault = .none }
    return true  // the open level follows the offset (`ForceEngine.noteFaults`)
  }

  /// The open level for the offset in use: a quarter of the rest mean (the offset less
  /// calibration's 8-count margin) once the offset is at least
  /// `SensorConfig.openArming` (the cap's preload), else none.
  mutating func arm(offset: Int32, _ config: SensorConfig) {
    let armed = config.declareFrames != 0 && offset >= SensorConfig.openArming
    openBelow = armed ? UInt16(truncatingIfNeeded: (offset &- 8) >> 2) : 0
  }
}

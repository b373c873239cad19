/// Baseline tracking and fault detection (Docs/sensor-faults.md). A frame counts down
/// to the next review, tests each reading against its cell's range and keeps the change
/// bits; everything else is out of line, in static functions that take the engine
/// `inout` (its address travels in an argument register, as in `movePositional`).
extension ForceEngine {
  /// Each cell's fault.
  public var faults: CellFaults { faultCodes }

  /// The learned rest levels in use as each cell's offset, counts (the offset
  /// parameters plus what tracking learned since power-up or the last change).
  public var restLevels: (left: Int32, right: Int32) { (config.left.offset, config.right.offset) }

  /// A frame while a fault holds: nothing moves, force reads 0.
  mutating func holdFrame() -> FrameOutput {
    var events = EngineEvents()
    mergeHealthEvents(&events)
    return FrameOutput(
      force: 0, state: .fault, direction: direction, value: position.value, fraction: position.fraction,
      events: events, faults: faultCodes)
  }

  /// Adds the events `reviewCells` and `screenCells` raised, with the `fault` payload.
  @inline(__always)
  mutating func mergeHealthEvents(_ events: inout EngineEvents) {
    events.mask |= healthEvents
    events.faults = faultCodes
    healthEvents = 0
  }

  /// Whether the board should switch the cells' pull-ups on for the next frame's
  /// readings (a probe, `probe_ms`; Docs/sensor-faults.md), and off again after it.
  public var pullUpsNext: Bool { probing }

  /// The last good readings, the ones the frame just stepped went on with: after a
  /// probe frame, the frame's before it (what a device shows for a probe frame).
  public var lastGoodReadings: (left: UInt16, right: UInt16) {
    (UInt16(truncatingIfNeeded: sensorLast), UInt16(truncatingIfNeeded: sensorLast >> 16))
  }

  /// The review of the window that just ended, out of line: every
  /// `SensorConfig.reviewFrames`, and on the frame after one that asked for a probe.
  /// The still windows are kept here and the glitches forgotten; the rest noise, stuck
  /// cells and rest tracking (`finishReview`) only when the engine has been idle for
  /// `SensorConfig.settleMs` or a cell may be stuck, and the probe's exact test
  /// (`probeIfDue`) only from `nextProbe` on. Those end the review, so the usual one
  /// calls nothing (on the host a leaf: tail calls, no register saved). A change to a
  /// cell's fault or open level sends the frame to `screenCells` (`aboveOpen` 0), which
  /// raises the events and holds. Returns the readings the frame goes on with: a
  /// probe's are the last good ones.
  @inline(never)
  static func reviewCells(_ engine: inout ForceEngine, _ packed: UInt32) -> UInt32 {
    if engine.probing { return probeCells(&engine, packed) }
    let frame = engine.frame
    engine.nextReview &+= UInt32(engine.sensing.reviewFrames)  // from `frame`: `step` calls at `nextReview`
    let changed = engine.sensorChanged
    engine.sensorChanged = 0
    // Both cells' last two windows at once: bit 0 (left) and 1 (right) set when the
    // cell did not change in this window, bits 2 and 3 in the one before.
    let leftChanged = changed & 0xFFFF != 0
    let rightChanged = changed >> 16 != 0
    engine.stillWindows = (engine.stillWindows << 2 | (leftChanged ? 0 : 1) | (rightChanged ? 0 : 2)) & 0xF
    if engine.glitching {
      engine.leftHealth.forgetGlitch()
      engine.rightHealth.forgetGlitch()
      engine.glitching = engine.leftHealth.glitchScore | engine.rightHealth.glitchScore != 0
    }
    if engine.zone != .idle || engine.onsetCount != 0 || engine.holding {
      engine.lastActiveFrame = frame
      // One cell above its rest level and the other not (`restAbove`): see `probeOneSided`.
      let above = (packed &+ engine.restAbove) & 0x8000_8000
      if above == 0x8000 || above == 0x8000_0000 { return probeOneSided(&engine, packed) }
    } else if frame &- engine.lastActiveFrame >= UInt32(engine.sensing.settleFrames) {
      return finishReview(&engine, packed, settled: true)
    }
    if engine.mayDeclareStuck { return finishReview(&engine, packed, settled: false) }
    if Int32(bitPattern: frame &- engine.nextProbe) >= 0 { return probeIfDue(&engine, packed) }
    return packed
  }

  /// Whether a cell still for two windows (`stillWindows`) may be declared stuck: its
  /// rest showed noise (`SensorConfig.noiseReviews`) and detection is on.
  var mayDeclareStuck: Bool {
    stillWindows & stillWindows >> 2 != 0 && leftHealth.restNoise | rightHealth.restNoise >= SensorConfig.noiseReviews
      && sensing.declareFrames != 0
  }

  /// The rest of a review where a cell may be stuck or the engine is `settled` (idle
  /// for `SensorConfig.settleMs`): the rest noise, stuck cells, then the rest levels
  /// (`trackRest`). A change to a cell's fault or open level is noted (`noteFaults`).
  @inline(never)
  static func finishReview(_ engine: inout ForceEngine, _ packed: UInt32, settled: Bool) -> UInt32 {
    if settled {
      engine.leftHealth.noteRest(changed: engine.stillWindows & 1 == 0)
      engine.rightHealth.noteRest(changed: engine.stillWindows & 2 == 0)
    }
    var moved = false
    if engine.mayDeclareStuck { moved = declareStuck(&engine, engine.stillWindows & engine.stillWindows >> 2) }
    if settled && engine.sensing.stepCredit != 0 { moved = trackRest(&engine) || moved }
    if moved {
      engine.noteFaults(changed: engine.faultCodes != engine.currentFaults)
      engine.aboveOpen = 0
    }
    if Int32(bitPattern: engine.frame &- engine.nextProbe) >= 0 { return probeIfDue(&engine, packed) }
    return packed
  }

  /// A review at or past `nextProbe`: the exact test of `probe_ms` (a probe when
  /// `probeFrames` have passed since the last one), then the next frame worth the test
  /// again. `nextProbe` only spares the reviews before it that test: after a probe
  /// the next is due `probeFrames` later; with no probes the test returns in 2^31
  /// frames; new parameters (`apply`) have the next review test.
  @inline(never)
  static func probeIfDue(_ engine: inout ForceEngine, _ packed: UInt32) -> UInt32 {
    let frame = engine.frame
    let probeFrames = UInt32(engine.sensing.probeFrames)
    if probeFrames == 0 {
      engine.nextProbe = frame &+ 0x7FFF_FFFF
    } else if frame &- engine.lastProbe >= probeFrames {
      engine.startProbe()
    } else {
      engine.nextProbe = engine.lastProbe &+ probeFrames
    }
    return packed
  }

  /// A review in a touch where one cell reads at its rest level and the other carries
  /// the press alone (`restAbove`): what a lift leaves when the pressed cell's pin
  /// floats, keeping its charge (Docs/sensor-faults.md). Every such review probes, not
  /// only every `probe_ms`, so the pin is found within two reviews of the lift. Only
  /// readings in their cells' ranges count, while no cell is screened: a probe frame
  /// would hide a broken cell's next reading from its count. Out of line: a touch on
  /// both cells, the usual one, costs the review one bias and two tests.
  @inline(never)
  static func probeOneSided(_ engine: inout ForceEngine, _ packed: UInt32) -> UInt32 {
    // The rest of the review first, as any touch has it (each ends with the probe's
    // own test when due).
    if engine.mayDeclareStuck {
      _ = finishReview(&engine, packed, settled: false)
    } else if Int32(bitPattern: engine.frame &- engine.nextProbe) >= 0 {
      _ = probeIfDue(&engine, packed)
    }
    guard
      !engine.probing && engine.zone != .idle && engine.sensing.probeFrames != 0 && engine.aboveOpen != 0
        && !outside(packed, engine.aboveOpen, engine.belowRail)
    else { return packed }
    engine.startProbe()
    return packed
  }

  /// Asks for a probe on the next frame (`pullUpsNext`), reviewed then; the next
  /// `probe_ms` probe counts from this one.
  @inline(__always)
  mutating func startProbe() {
    probing = true
    lastProbe = frame
    nextProbe = frame &+ UInt32(sensing.probeFrames)
    nextReview = frame &+ 1
  }

  /// The bias `reviewCells` adds for the cells' rest levels: a half of `packed +
  /// restAbove` has bit 15 set when that reading is above its cell's offset by more
  /// than `SensorConfig.band`.
  static func restAbove(_ left: Int32, _ right: Int32) -> UInt32 {
    func level(_ offset: Int32) -> UInt16 {
      UInt16(truncatingIfNeeded: min(max(offset &+ SensorConfig.band &+ 1, 0), 0x7FFF))
    }
    return aboveOpen(level(left), level(right))  // the same bias, from these levels
  }

  /// The probe frame: each cell's reading with its pull-up on against its last good
  /// one (`CellHealth.probed`, inlined: the usual probe calls nothing). The frame goes
  /// on with the last good readings, and the reviews keep their period.
  @inline(never)
  static func probeCells(_ engine: inout ForceEngine, _ pulled: UInt32) -> UInt32 {
    engine.probing = false
    engine.nextReview = engine.frame &+ UInt32(engine.sensing.reviewFrames) &- 1
    let last = engine.sensorLast
    let leftChanged = engine.leftHealth.probed(
      UInt16(truncatingIfNeeded: pulled), last: UInt16(truncatingIfNeeded: last))
    let rightChanged = engine.rightHealth.probed(
      UInt16(truncatingIfNeeded: pulled >> 16), last: UInt16(truncatingIfNeeded: last >> 16))
    if leftChanged || rightChanged { return probeChanged(&engine) }
    return last
  }

  /// A probe that changed a cell's fault: noted (`noteFaults`) for the screening to
  /// raise. Returns the last good readings, which the probe frame goes on with.
  @inline(never)
  static func probeChanged(_ engine: inout ForceEngine) -> UInt32 {
    engine.noteFaults(changed: true)
    engine.aboveOpen = 0
    return engine.sensorLast
  }

  /// The frame's slow path: the screening of readings out of their cell's range, of
  /// a fault in progress or of a change the review found (bad readings are replaced by
  /// the last good ones until they make a fault). Returns the readings the frame goes
  /// on with, packed as `sensorLast`.
  @inline(never)
  static func screenCells(_ engine: inout ForceEngine, _ packed: UInt32) -> UInt32 {
    var left = UInt16(truncatingIfNeeded: packed)
    var right = UInt16(truncatingIfNeeded: packed >> 16)
    let last = engine.sensorLast
    let config = engine.sensing
    let leftChanged = engine.leftHealth.screen(&left, lastGood: UInt16(truncatingIfNeeded: last), config)
    let rightChanged = engine.rightHealth.screen(&right, lastGood: UInt16(truncatingIfNeeded: last >> 16), config)
    // A cell whose fault cleared starts counting its still windows afresh.
    if leftChanged && engine.leftHealth.fault == .none { engine.stillWindows &= 0b1010 }
    if rightChanged && engine.rightHealth.fault == .none { engine.stillWindows &= 0b0101 }
    engine.noteFaults(changed: leftChanged || rightChanged)
    engine.glitching = engine.leftHealth.glitchScore | engine.rightHealth.glitchScore != 0
    let good = UInt32(left) | UInt32(right) << 16
    engine.sensorChanged |= good ^ last
    engine.sensorLast = good
    return good
  }

  /// Whether either reading of `packed` (left in bits 0–15, right in 16–31) lies
  /// outside its cell's good range, both halves at once: with the biases, a good
  /// reading's half of `packed + aboveOpen` has bit 15 set and of `packed + belowRail`
  /// clear (a reading ≤ 1023 and biases ≤ 0x8000 never carry into the other half).
  @inline(__always)
  static func outside(_ packed: UInt32, _ aboveOpen: UInt32, _ belowRail: UInt32) -> Bool {
    ((packed &+ aboveOpen) ^ 0x8000_8000 | (packed &+ belowRail)) & 0x8000_8000 != 0
  }

  /// The bias `outside` adds for the cells' open levels.
  static func aboveOpen(_ left: UInt16, _ right: UInt16) -> UInt32 {
    (0x8000 &- UInt32(left)) | (0x8000 &- UInt32(right)) << 16
  }

  /// The bias `outside` adds for the rail; 0 when detection is off (rail 0xFFFF).
  static func belowRail(_ rail: UInt16) -> UInt32 {
    rail > 0x8000 ? 0 : (0x8000 &- UInt32(rail)) &* 0x1_0001
  }

  /// Both cells' faults as their health has them.
  var currentFaults: CellFaults { CellFaults(left: leftHealth.fault, right: rightHealth.fault) }

  /// Declares stuck each cell of `stillTwice` (bit 0 left, bit 1 right) that may be.
  @inline(never)
  static func declareStuck(_ engine: inout ForceEngine, _ stillTwice: UInt8) -> Bool {
    var moved = false
    if stillTwice & 1 != 0 && engine.leftHealth.mayBeStuck {
      engine.leftHealth.declareStuck(at: UInt16(truncatingIfNeeded: engine.sensorLast))
      moved = true
    }
    if stillTwice & 2 != 0 && engine.rightHealth.mayBeStuck {
      engine.rightHealth.declareStuck(at: UInt16(truncatingIfNeeded: engine.sensorLast >> 16))
      moved = true
    }
    return moved
  }

  /// Rest tracking of both cells at a settled review (`CellHealth.track`): inlined into
  /// `finishReview`, its one caller, itself out of the review's way.
  @inline(__always)
  static func trackRest(_ engine: inout ForceEngine) -> Bool {
    let contact = engine.config.edges.contact
    let last = engine.sensorLast
    var moved = false
    if !engine.leftHealth.fault.holds {
      moved = engine.leftHealth.track(
        sample: UInt16(truncatingIfNeeded: last), offset: &engine.config.left.offset, contact: contact, &engine.sensing)
    }
    if !engine.rightHealth.fault.holds {
      moved =
        engine.rightHealth.track(
          sample: UInt16(truncatingIfNeeded: last >> 16), offset: &engine.config.right.offset, contact: contact,
          &engine.sensing) || moved
    }
    return moved
  }

  /// After a cell's fault may have changed: the cells' open levels and ranges (every
  /// frame is screened while a reading is bad or a fault holds) and whether the engine
  /// holds. A fault that starts to hold ends a touch in progress without a commit; the
  /// last one to clear restarts the signal chain from no touch. Raises the events.
  mutating func noteFaults(changed: Bool) {
    let holds = leftHealth.fault.holds || rightHealth.fault.holds
    let screening = holds || leftHealth.badFrames != 0 || rightHealth.badFrames != 0
    leftHealth.arm(offset: config.left.offset, sensing)
    rightHealth.arm(offset: config.right.offset, sensing)
    aboveOpen = screening ? 0 : ForceEngine.aboveOpen(leftHealth.openBelow, rightHealth.openBelow)
    belowRail = ForceEngine.belowRail(sensing.rail)
    restAbove = ForceEngine.restAbove(config.left.offset, config.right.offset)
    guard changed else { return }
    faultCodes = CellFaults(left: leftHealth.fault, right: rightHealth.fault)
    var events = EngineEvents()
    events.insert(.fault)
    if holds && !holding && zone != .idle {
      setBoosted(false, &events)
      zone = .idle
      events.insert(.release)
    }
    if !holds && holding {
      leftFilter.reset()
      rightFilter.reset()
    }
    if holds { onsetCount = 0 }
    holding = holds
    healthEvents |= events.mask
  }

  /// After new parameters: keeps what tracking learned for each cell whose offset
  /// parameter did not change, forgets the faults when detection was switched off, and
  /// has the next frame arm the cells for the new offsets and rail.
  @inline(never)
  static func keepHealth(_ engine: inout ForceEngine, _ oldLeftOffset: Int32, _ oldRightOffset: Int32) {
    if engine.config.left.offset == oldLeftOffset {
      engine.config.left.offset &+= Int32(engine.leftHealth.shift)
    } else {
      engine.leftHealth.shift = 0
    }
    if engine.config.right.offset == oldRightOffset {
      engine.config.right.offset &+= Int32(engine.rightHealth.shift)
    } else {
      engine.rightHealth.shift = 0
    }
    if engine.sensing.declareFrames == 0 {
      let leftShift = engine.leftHealth.shift
      let rightShift = engine.rightHealth.shift
      engine.leftHealth = CellHealth()
      engine.rightHealth = CellHealth()
      engine.leftHealth.shift = leftShift
      engine.rightHealth.shift = rightShift
      engine.faultCodes = .none
      engine.stillWindows = 0
      if engine.holding {
        engine.holding = false
        engine.leftFilter.reset()
        engine.rightFilter.reset()
      }
    }
    engine.aboveOpen = 0  // the next frame arms the cells for the new offsets
  }
}

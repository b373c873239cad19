/// Baseline tracking and fault detection (Docs/sensor-faults.md). The frame tests two
/// readings against their open and rail levels and counts down to the next review;
/// everything else is out of line, in static functions that take the engine `inout`
/// (the engine's address travels in an argument register, as in `movePositional`).
extension ForceEngine {
  /// Each cell's fault.
  public var faults: CellFaults { CellFaults(left: leftHealth.fault, right: rightHealth.fault) }

  /// The learned rest levels in use as each cell's offset, counts (the offset
  /// parameters plus what tracking learned since power-up or the last change).
  public var restLevels: (left: Int32, right: Int32) { (config.left.offset, config.right.offset) }

  /// A frame while a fault holds: nothing moves, force reads 0.
  func holdFrame(_ events: EngineEvents) -> FrameOutput {
    var events = events
    if events.contains(.fault) { events.faults = faults }
    return FrameOutput(
      force: 0, state: .fault, direction: direction, value: position.value, fraction: position.fraction,
      unitsPerItem: config.range.unitsPerItem, events: events, faults: faults)
  }

  /// Screens a frame's readings (one is out of range, or a fault is in progress): bad
  /// readings are replaced by the last good ones until they make a fault. Returns the
  /// events raised.
  @inline(never)
  static func screenCells(_ engine: inout ForceEngine, _ left: inout UInt16, _ right: inout UInt16) -> UInt16 {
    let config = engine.config.sensor
    let last = engine.sensorLast
    var changed = engine.leftHealth.screen(&left, lastGood: UInt16(truncatingIfNeeded: last), config)
    changed = engine.rightHealth.screen(&right, lastGood: UInt16(truncatingIfNeeded: last >> 16), config) || changed
    let packed = UInt32(left) | UInt32(right) << 16
    engine.sensorChanged |= packed ^ last
    engine.sensorLast = packed
    return engine.noteFaults(changed: changed)
  }

  /// Reviews the window that just ended: stuck cells, the rest levels, the open levels.
  @inline(never)
  static func review(_ engine: inout ForceEngine) -> UInt16 {
    let config = engine.config.sensor
    engine.reviewCountdown = config.reviewFrames
    let idle = engine.zone == .idle && engine.onsetCount == 0 && !engine.holding
    if !idle { engine.lastActiveFrame = engine.frame }
    let settled = idle && engine.frame &- engine.lastActiveFrame >= UInt32(config.settleFrames)
    let changed = engine.sensorChanged
    let last = engine.sensorLast
    engine.sensorChanged = 0
    let contact = engine.config.edges.contact
    var faultChanged = engine.leftHealth.review(
      changed: changed & 0xFFFF != 0, sample: UInt16(truncatingIfNeeded: last), settled: settled,
      offset: &engine.config.left.offset, contact: contact, config)
    faultChanged =
      engine.rightHealth.review(
        changed: changed >> 16 != 0, sample: UInt16(truncatingIfNeeded: last >> 16), settled: settled,
        offset: &engine.config.right.offset, contact: contact, config) || faultChanged
    return engine.noteFaults(changed: faultChanged)
  }

  /// After a cell's fault may have changed: whether frames are screened and the engine
  /// holds. A fault that starts to hold ends a touch in progress without a commit; the
  /// last one to clear restarts the signal chain from no touch. Returns the events.
  mutating func noteFaults(changed: Bool) -> UInt16 {
    let holds = leftHealth.fault.holds || rightHealth.fault.holds
    screening = holds || leftHealth.badFrames != 0 || rightHealth.badFrames != 0
    guard changed else { return 0 }
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
      previousForce = 0
    }
    if holds { onsetCount = 0 }
    holding = holds
    return events.mask
  }

  /// After new parameters: keeps what tracking learned for each cell whose offset
  /// parameter did not change, and forgets the faults when detection was switched off.
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
    if engine.config.sensor.declareFrames == 0 {
      let leftShift = engine.leftHealth.shift
      let rightShift = engine.rightHealth.shift
      engine.leftHealth = CellHealth()
      engine.rightHealth = CellHealth()
      engine.leftHealth.shift = leftShift
      engine.rightHealth.shift = rightShift
      _ = engine.noteFaults(changed: false)
      if engine.holding {
        engine.holding = false
        engine.leftFilter.reset()
        engine.rightFilter.reset()
      }
    }
  }
}

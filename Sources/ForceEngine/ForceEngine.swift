/// The force-picker engine: two 10-bit cell readings in per frame, force, state,
/// direction, position, value and events out (SPEC §2–§5).
///
/// Fixed point, allocation-free, no division in `step`. Parameters are reduced to an
/// `EngineConfig` when they change (`init`, `apply`); the rest is the small mutable
/// state of one gesture.
public struct ForceEngine {
  /// The constants derived from the parameters.
  private(set) var config: EngineConfig

  // Word-sized state first, then the bytes, so the struct packs without padding.

  // Signal chain.
  var leftFilter: LowPassFilter
  var rightFilter: LowPassFilter
  var previousForce: Int32 = 0
  var onsetPeak: Int32 = 0

  // Value model.
  var position: ValuePosition
  var frame: UInt32 = 0

  // Per touch.
  var touchStart = ValuePosition(value: 0)
  var neutralLeft: Int32 = 0
  var neutralRight: Int32 = 0
  var activationFrame: UInt32 = 0
  var activationPosition = ValuePosition(value: 0)
  var fallStartFrame: UInt32 = 0
  var fallStartPosition = ValuePosition(value: 0)

  // Byte-sized state.
  var zone: Zone = .idle
  var onsetCount: UInt8 = 0
  public private(set) var direction: Direction = .up
  var boosted = false
  var activatedThisTouch = false
  var pulsePeakReached = false
  var reverse = false
  var paused = false
  var fallStartActive = false

  /// Bytes of the engine's state that hold the constants derived from the parameters
  /// (a figure `Tools/bench-engine` reports).
  public static var derivedConfigurationBytes: Int { MemoryLayout<EngineConfig>.size }

  /// An engine at `start_value`, idle.
  public init(parameters: Parameters = .defaults) {
    config = EngineConfig(parameters)
    leftFilter = config.filter
    rightFilter = config.filter
    position = ValuePosition(value: parameters[.startValue])
  }

  /// Applies new (validated) parameters live. The position is kept, brought inside
  /// the new range; a gesture in progress continues under the new rules.
  public mutating func apply(_ parameters: Parameters) {
    let oldUnits = config.range.unitsPerItem
    config = EngineConfig(parameters)
    leftFilter.alphaQ12 = config.filter.alphaQ12
    rightFilter.alphaQ12 = config.filter.alphaQ12
    if config.range.unitsPerItem != oldUnits { position.fraction = 0 }
    position = config.range.clamp(position)
  }

  /// Processes one frame of raw readings (0...1023 each).
  public mutating func step(left rawLeft: UInt16, right rawRight: UInt16) -> FrameOutput {
    frame &+= 1
    var events = EngineEvents()
    let valueBefore = position.value
    let directionBefore = direction

    // SPEC §2.2–2.5: calibrate, sensitivity, smooth, total.
    let left = config.left.apply(rawLeft)
    let right = config.right.apply(rawRight)
    let leftQ8 = leftFilter.step(left)
    let rightQ8 = rightFilter.step(right)
    var force = (leftQ8 &+ rightQ8 &+ 128) >> 8
    if force > 1023 { force = 1023 }
    let cellLeft = (leftQ8 &+ 128) >> 8
    let cellRight = (rightQ8 &+ 128) >> 8

    if zone == .idle {
      let total = left &+ right
      if confirmTouch(force: force, total: total > 1023 ? 1023 : total, cellLeft, cellRight, &events) {
        touch(force: force, cellLeft, cellRight, &events)
      }
    } else {
      touch(force: force, cellLeft, cellRight, &events)
    }

    if direction == directionBefore {
      events.remove(.direction)  // changed and changed back within the frame
    }
    if position.value != valueBefore {
      events.insert(.value)
      events.value = position.value
    }
    if events.contains(.commit) { events.value = position.value }
    previousForce = force
    return FrameOutput(
      force: Int16(truncatingIfNeeded: force), state: state, direction: direction,
      value: position.value, fraction: position.fraction,
      unitsPerItem: config.range.unitsPerItem, events: events)
  }

  /// The state column of SPEC §7.
  public var state: EngineState {
    switch zone {
    case .idle: return .idle
    case .resting: return .resting
    case .normal, .boosted:
      if reverse && paused { return .paused }
      return boosted ? .boosted : .scrolling
    }
  }

  // MARK: Touch-down

  /// Onset window (SPEC §5): contact must hold for `onsetFrames` frames before the
  /// touch is confirmed. The velocity is the peak raw force over the window's
  /// samples after the first (a hard strike reaches more force in the same time),
  /// so a first sample that reads 0 changes nothing.
  mutating func confirmTouch(
    force: Int32, total: Int32, _ cellLeft: Int32, _ cellRight: Int32, _ events: inout EngineEvents
  ) -> Bool {
    if onsetCount == 0 {
      guard force >= config.edges.contact else { return false }
      onsetPeak = 0
    } else if force < config.edges.contact &- config.edges.hysteresis {
      onsetCount = 0  // a glitch shorter than the window is no touch
      return false
    } else if total > onsetPeak {
      onsetPeak = total
    }
    onsetCount &+= 1
    neutralLeft = cellLeft
    neutralRight = cellRight
    guard onsetCount == EngineConfig.onsetFrames else { return false }
    onsetCount = 0

    var velocity = (onsetPeak &* EngineConfig.velocityScaleQ16 &+ 32_768) >> 16
    velocity = velocity < 1 ? 1 : (velocity > 127 ? 127 : velocity)
    events.insert(.touchDown)
    events.velocity = UInt8(truncatingIfNeeded: velocity)
    setDirection(.up, &events)
    zone = .resting
    touchStart = position
    activatedThisTouch = false
    reverse = false
    paused = false
    boosted = false
    fallStartFrame = frame
    fallStartPosition = position
    fallStartActive = false
    return true
  }

  // MARK: While touching

  mutating func touch(force: Int32, _ cellLeft: Int32, _ cellRight: Int32, _ events: inout EngineEvents) {
    let before = zone
    zone = config.edges.next(from: before, force: force)
    if zone == .idle {
      release(from: before, &events)
      return
    }
    if before == .resting && zone >= .normal {
      events.insert(.activate)
      activatedThisTouch = true
      activationFrame = frame
      activationPosition = position
      pulsePeakReached = false
    } else if before >= .normal && zone == .resting {
      deactivate(&events)
    }

    if zone == .resting {
      neutralLeft = cellLeft
      neutralRight = cellRight
      setBoosted(false, &events)
      if config.technique == .positional { position = ValuePosition(value: config.range.min) }
    } else {
      chooseDirection(force: force, cellLeft, cellRight, &events)
      move(force: force, &events)
    }

    // Fall tracking for quick release: the fall starts at the last frame in the rate
    // zones whose force did not drop by more than the hysteresis (noise and slow
    // easing off are not a lift). Below rest nothing moves: nothing to track.
    if zone >= .normal && force &+ config.edges.hysteresis >= previousForce {
      fallStartFrame = frame
      fallStartPosition = position
      fallStartActive = true
    }
  }

  mutating func move(force: Int32, _ events: inout EngineEvents) {
    if config.technique == .positional {
      setBoosted(false, &events)
      position = positionalPosition(force: force)
      return
    }
    var drive = force
    if reverse {
      // SPEC §4 press-through: speed from the mirrored force; the value holds at
      // the maximum.
      let level = config.pressThroughLevel
      paused = force >= (paused ? level &- config.edges.hysteresis : level)
      drive = 1023 &+ config.edges.rest &- force
      let boost = config.edges.boost
      setBoosted(!paused && drive >= (boosted ? boost &- config.edges.hysteresis : boost), &events)
      if paused { return }
    } else {
      setBoosted(zone == .boosted, &events)
    }
    let speed = config.transfer.speed(force: drive, boosted: boosted)
    config.range.move(&position, by: direction == .up ? speed : 0 &- speed)
  }

  /// Positional technique (SPEC §4): force from rest to full scale maps linearly onto
  /// the range. 64-bit multiply, no division.
  func positionalPosition(force: Int32) -> ValuePosition {
    let above = Int64(force &- config.edges.rest)
    let itemsQ16 = (above < 0 ? 0 : above) &* config.positionalSlopeQ16 &+ 32_768
    let value = config.range.min &+ Int32(truncatingIfNeeded: itemsQ16 >> 16)
    let partQ16 = (itemsQ16 & 0xFFFF) &- 32_768
    let fraction = Int32(truncatingIfNeeded: (partQ16 &* Int64(config.range.unitsPerItem)) >> 16)
    if value >= config.range.max { return ValuePosition(value: config.range.max) }  // slope rounding
    return ValuePosition(value: value, fraction: fraction)
  }

  /// Force fell from the rate zones back below rest (still touching).
  mutating func deactivate(_ events: inout EngineEvents) {
    if config.technique == .pulse, pulsePeakReached,
      frame &- activationFrame <= UInt32(config.pulseWindowFrames)
    {
      events.insert(.pulse)
      setDirection(direction.reversed, &events)
      position = activationPosition  // undo the pulse's own motion
    }
    pulsePeakReached = false
    if reverse {
      reverse = false
      paused = false
      setDirection(.up, &events)
    }
  }

  // MARK: Release

  mutating func release(from before: Zone, _ events: inout EngineEvents) {
    if before >= .normal { deactivate(&events) }
    setBoosted(false, &events)
    let positional = config.technique == .positional
    if fallStartActive && (positional || frame &- fallStartFrame <= UInt32(config.quickReleaseFrames)) {
      position = fallStartPosition  // quick release: the value from before the lift
    }
    if !positional, activatedThisTouch, position.value == touchStart.value {
      let moved = direction == .up ? position.fraction > touchStart.fraction : position.fraction < touchStart.fraction
      if moved {
        position = ValuePosition(value: config.range.step(from: position.value, direction))  // tap to step
      }
    }
    events.insert(.commit)
    events.insert(.release)
  }

  // MARK: Helpers

  mutating func setDirection(_ new: Direction, _ events: inout EngineEvents) {
    if new != direction {
      direction = new
      events.insert(.direction)
      events.direction = new
    }
  }

  mutating func setBoosted(_ new: Bool, _ events: inout EngineEvents) {
    if new != boosted {
      boosted = new
      events.insert(.boost)
      events.boostOn = new
    }
  }
}

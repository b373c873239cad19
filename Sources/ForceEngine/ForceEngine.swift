/// The force-picker engine: two 10-bit cell readings in per frame, force, state,
/// direction, position, value and events out (Docs/signal-chain.md to Docs/value-model.md).
///
/// Fixed point, allocation-free, no division in `step`. Parameters are reduced to an
/// `EngineConfig` when they change (`init`, `apply`); the rest is the small mutable
/// state of one gesture.
public struct ForceEngine {
  // Layout for Thumb: the per-frame state first, bytes before words, so its fields
  // sit within the short load/store offsets from `self` (bytes below 32, words below
  // 128); the constants follow.

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
  // Sensor health (Docs/sensor-faults.md): the frame's only costs are the test for
  // the next review, one range test of both cells and the change bits.
  /// A cell's fault holds the engine.
  var holding = false
  /// Both cells' faults (kept packed: the frame's output reads one byte).
  var faultCodes = CellFaults.none
  /// Which cells did not change in the last two review windows (`review`): in the
  /// byte before the words.
  var stillWindows: UInt8 = 0
  /// Both cells' ranges of good readings (each cell's open level to the rail), as two
  /// biases for the packed readings: a reading is good when its half of `packed +
  /// aboveOpen` has bit 15 set and its half of `packed + belowRail` has it clear
  /// (`outside`). `aboveOpen` 0 sends every frame to `screenCells`: while screening, and
  /// at power-up and after new parameters, when `noteFaults` arms the cells first.
  var aboveOpen: UInt32 = 0
  var belowRail: UInt32 = 0
  /// Both cells' rest levels as a bias (`ForceEngine.restAbove`), for the probe of a
  /// touch that one cell carries alone.
  var restAbove: UInt32 = 0
  /// Events the review or the screening raised this frame, merged by `screenCells`'s frame.
  var healthEvents: UInt16 = 0
  // Two bytes in the words' padding.
  /// The next frame is a probe: its readings are taken with the pins' pull-ups on.
  var probing = false
  /// A cell's glitch score is above 0 (only `screenCells` raises one): the reviews
  /// test this byte, not both scores.
  var glitching = false

  // Signal chain.
  var leftFilter: LowPassFilter
  var rightFilter: LowPassFilter
  var previousForce: Int32 = 0
  var onsetPeak: Int32 = 0
  /// The last good readings, left in bits 0–15 and right in 16–31.
  var sensorLast: UInt32 = 0
  /// The bits that changed between readings in this review window.
  var sensorChanged: UInt32 = 0

  // Value model.
  var position: ValuePosition
  var frame: UInt32 = 0
  /// The frame of the next review of the cells' health.
  var nextReview: UInt32 = 1

  // Per touch.
  var touchStart = ValuePosition(value: 0)
  var neutralLeft: Int32 = 0
  var neutralRight: Int32 = 0
  var activationFrame: UInt32 = 0
  var activationPosition = ValuePosition(value: 0)
  var fallStartFrame: UInt32 = 0
  var fallStartPosition = ValuePosition(value: 0)

  /// The constants derived from the parameters.
  var config: EngineConfig
  /// Those of rest tracking and fault detection (Docs/sensor-faults.md).
  var sensing: SensorConfig

  // Sensor health, reviewed every `SensorConfig.reviewFrames`: after the constants,
  // so the frame path's fields keep their short offsets from `self`.
  var leftHealth = CellHealth()
  var rightHealth = CellHealth()
  var lastActiveFrame: UInt32 = 0
  /// The frame of the last pull-up probe (`probe_ms`).
  var lastProbe: UInt32 = 0
  /// No review before this frame needs to test for a probe (`probeIfDue`).
  var nextProbe: UInt32 = 0

  /// Bytes of the engine's state that hold the constants derived from the parameters
  /// (a figure `Tools/bench-engine` reports).
  public static var derivedConfigurationBytes: Int { MemoryLayout<EngineConfig>.size }

  /// An engine at `start_value`, idle.
  public init(parameters: Parameters = .defaults) {
    config = EngineConfig.derived(from: parameters)
    sensing = SensorConfig.derived(from: parameters)
    leftFilter = config.filter
    rightFilter = config.filter
    position = ValuePosition(value: parameters[.startValue])
  }

  /// Restarts the engine in place at power-up state under `parameters`: the same
  /// state as `init(parameters:)`, without a whole engine built on the stack and
  /// copied over this one (the device's deepest request path restarts the engine).
  public mutating func reset(parameters: Parameters) {
    config.derive(from: parameters)
    sensing.derive(from: parameters)
    leftFilter = config.filter
    rightFilter = config.filter
    position = ValuePosition(value: parameters[.startValue])
    zone = .idle
    onsetCount = 0
    direction = .up
    boosted = false
    activatedThisTouch = false
    pulsePeakReached = false
    reverse = false
    paused = false
    fallStartActive = false
    previousForce = 0
    onsetPeak = 0
    frame = 0
    touchStart = ValuePosition(value: 0)
    neutralLeft = 0
    neutralRight = 0
    activationFrame = 0
    activationPosition = ValuePosition(value: 0)
    fallStartFrame = 0
    fallStartPosition = ValuePosition(value: 0)
    nextReview = 1
    holding = false
    faultCodes = .none
    aboveOpen = 0
    belowRail = 0
    restAbove = 0
    healthEvents = 0
    sensorLast = 0
    sensorChanged = 0
    leftHealth = CellHealth()
    rightHealth = CellHealth()
    lastActiveFrame = 0
    lastProbe = 0
    nextProbe = 0
    probing = false
    glitching = false
    stillWindows = 0
  }

  /// Applies new (validated) parameters live. The position is kept, brought inside
  /// the new range; a gesture in progress continues under the new rules.
  public mutating func apply(_ parameters: Parameters) {
    let oldUnits = config.range.unitsPerItem
    let oldLeftOffset = config.left.offset &- Int32(leftHealth.shift)
    let oldRightOffset = config.right.offset &- Int32(rightHealth.shift)
    config.derive(from: parameters)
    sensing.derive(from: parameters)
    ForceEngine.keepHealth(&self, oldLeftOffset, oldRightOffset)
    nextProbe = frame  // `probe_ms` may have changed: the next review tests
    leftFilter.alphaQ12 = config.filter.alphaQ12
    rightFilter.alphaQ12 = config.filter.alphaQ12
    if config.range.unitsPerItem != oldUnits { position.fraction = 0 }
    position = config.range.clamp(position)
  }

  /// Processes one frame of raw readings (0...1023 each). After a frame whose
  /// `pullUpsNext` is true, pass the readings taken with the cells' pull-ups on.
  public mutating func step(left readLeft: UInt16, right readRight: UInt16) -> FrameOutput {
    frame &+= 1
    var events = EngineEvents()
    let valueBefore = position.value

    // Docs/sensor-faults.md: review the window, screen the readings, hold on a fault.
    var packed = UInt32(readLeft) | UInt32(readRight) << 16
    if frame == nextReview { packed = ForceEngine.reviewCells(&self, packed) }
    if ForceEngine.outside(packed, aboveOpen, belowRail) {
      packed = ForceEngine.screenCells(&self, packed)
      if holding { return holdFrame() }
      if healthEvents != 0 { mergeHealthEvents(&events) }
    } else {
      sensorChanged |= packed ^ sensorLast
      sensorLast = packed
    }
    let rawLeft = UInt16(truncatingIfNeeded: packed)
    let rawRight = UInt16(truncatingIfNeeded: packed >> 16)

    // Docs/signal-chain.md: calibrate, sensitivity, smooth, total.
    var left = config.left.linear(rawLeft)
    var right = config.right.linear(rawRight)
    if config.shapesCells { (left, right) = ForceEngine.shapeCells(&self, left, right) }
    let leftQ8 = leftFilter.step(left)
    let rightQ8 = rightFilter.step(right)
    var force = (leftQ8 &+ rightQ8 &+ 128) >> 8
    if force > 1023 { force = 1023 }
    let cellLeft = (leftQ8 &+ 128) >> 8
    let cellRight = (rightQ8 &+ 128) >> 8

    var touching = zone != .idle
    if !touching {
      let total = left &+ right
      touching = confirmTouch(force: force, total: total > 1023 ? 1023 : total, cellLeft, cellRight, &events)
    }
    if touching { touch(force: force, cellLeft, cellRight, &events) }  // one call site: inlined once

    if position.value != valueBefore { events.insert(.value) }
    // The frame only sets event bits; each payload is the state its event left
    // behind, filled in here (fewer live values on the way: fewer spills on Thumb).
    if events.contains(.touchDown) { events.velocity = onsetVelocity }
    events.direction = direction
    events.boostOn = boosted
    events.value = position.value
    previousForce = force
    return FrameOutput(
      force: Int16(truncatingIfNeeded: force), state: frameState, direction: direction,
      value: position.value, fraction: position.fraction, events: events, faults: faultCodes)
  }

  /// Position units per item (1000 × `sample_rate_hz`): the unit of every output's
  /// `fraction` (`FrameOutput.positionMilli(unitsPerItem:)`).
  public var unitsPerItem: Int32 { config.range.unitsPerItem }

  /// The state column of the output CSV (Docs/csv-formats.md).
  public var state: EngineState { holding ? .fault : frameState }

  /// The state of a frame that ran the signal chain (a held frame is `fault`).
  var frameState: EngineState {
    // Below rest the zone is the state. In the rate zones: paused (which only
    // press-through's reverse mode sets, and which ends with it), else boosted or not.
    // Both raw values line up with `Zone` and `EngineState`, so no switch is needed.
    let zoneValue = zone.rawValue
    if zoneValue < Zone.normal.rawValue { return unsafeBitCast(zoneValue, to: EngineState.self) }
    if paused { return .paused }
    return boosted ? .boosted : .scrolling
  }

  // MARK: Touch-down

  /// Onset window (Docs/value-model.md): contact must hold for `onsetFrames` frames before the
  /// touch is confirmed. The velocity is the peak raw force over the window's
  /// samples after the first (a hard strike reaches more force in the same time),
  /// so a first sample that reads 0 changes nothing.
  @inline(always)
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

    events.insert(.touchDown)  // payload: onsetVelocity
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

  /// The touch-down velocity, 1...127, from the peak of the onset window.
  var onsetVelocity: UInt8 {
    let velocity = (onsetPeak &* EngineConfig.velocityScaleQ16 &+ 32_768) >> 16
    return UInt8(truncatingIfNeeded: velocity < 1 ? 1 : (velocity > 127 ? 127 : velocity))
  }

  // MARK: While touching

  @inline(always)
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

  @inline(always)
  mutating func move(force: Int32, _ events: inout EngineEvents) {
    if config.technique == .positional {
      setBoosted(false, &events)
      ForceEngine.movePositional(&self, force: force)
      return
    }
    var drive = force
    if reverse {
      // Press-through (Docs/techniques.md): speed from the mirrored force; the value holds at
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

  /// Positional technique (Docs/techniques.md): force from rest to full scale maps linearly onto
  /// the range. 32-bit only: the Q16 slope is applied as whole items plus a fraction
  /// (above ≤ 1023, whole ≤ 60 000, fraction < 2^16), and the fraction of an item is
  /// scaled by `unitsPerItem` split the same way (|part| ≤ 2^15, low half < 2^16).
  /// Static and `inout`, so the call passes the engine's address in an argument
  /// register: a method's `self` travels in r10, which `step` would then have to
  /// save and restore every frame, and a by-value `config` would be copied.
  @inline(never)
  static func movePositional(_ engine: inout ForceEngine, force: Int32) {
    let config = engine.config
    let difference = force &- config.edges.rest
    let above = difference < 0 ? 0 : difference
    let partItemsQ16 = above &* config.positionalSlopePartQ16 &+ 32_768
    let value = config.range.min &+ above &* config.positionalSlopeWhole &+ (partItemsQ16 >> 16)
    let partQ16 = (partItemsQ16 & 0xFFFF) &- 32_768
    let units = config.range.unitsPerItem
    let fraction = partQ16 &* (units >> 16) &+ ((partQ16 &* (units & 0xFFFF)) >> 16)
    if value >= config.range.max {  // slope rounding
      engine.position = ValuePosition(value: config.range.max)
    } else {
      engine.position = ValuePosition(value: value, fraction: fraction)
    }
  }

  /// Curves and sensitivity, for both cells (Docs/signal-chain.md). Out of line, for
  /// the same reasons as `movePositional`: at the defaults the frame only tests
  /// `shapesCells`. The knots are read in place (`CellShape.shape` takes its shape
  /// `inout`): a copy of them on the stack cost the curve frame about 80 cycles.
  @inline(never)
  static func shapeCells(_ engine: inout ForceEngine, _ left: Int32, _ right: Int32) -> (Int32, Int32) {
    (
      CellShape.shape(&engine.config.leftShape, left, engine.config.left),
      CellShape.shape(&engine.config.rightShape, right, engine.config.right)
    )
  }

  /// Force fell from the rate zones back below rest (still touching).
  @inline(always)
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

  @inline(always)
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

  @inline(always)
  mutating func setDirection(_ new: Direction, _ events: inout EngineEvents) {
    if new != direction {
      direction = new
      // Toggled, not set: there are two directions, so an even number of changes in
      // one frame (changed and changed back) leaves the bit clear and the direction
      // as it was. Payload: the direction at the end of the frame.
      events.mask ^= EngineEvents.Kind.direction.rawValue
    }
  }

  @inline(always)
  mutating func setBoosted(_ new: Bool, _ events: inout EngineEvents) {
    if new != boosted {
      boosted = new
      events.insert(.boost)  // payload: boosted at the end of the frame
    }
  }
}

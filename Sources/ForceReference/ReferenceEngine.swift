import ForceEngine

/// The floating-point reference model of `ForceEngine` (see `ForceReference`).
///
/// Same inputs (two raw 10-bit readings a frame), same state machine, real
/// arithmetic. Every threshold comparison is logged in `ReferenceFrame.decisions`.
public struct ReferenceEngine {
  /// Whether each frame logs its threshold decisions for the agreement checker. The
  /// soft-float benchmark on the Cortex-M0 turns this off to time the model alone.
  public var recordsDecisions = true
  public let parameters: Parameters

  // Constants (exact).
  let technique: Technique
  let leftCell: ReferenceCell
  let rightCell: ReferenceCell
  public let transfer: ReferenceTransfer
  let contact: Double
  let rest: Double
  let boost: Double
  let hysteresis: Double
  let rollThreshold: Double
  let pressThroughLevel: Double
  /// Frames per second.
  public let rate: Double
  let rangeMin: Double
  let rangeMax: Double
  let wraps: Bool
  /// Windows in (fractional) frames.
  let quickReleaseFrames: Double
  let pulseWindowFrames: Double
  let pulseRiseFrames: Double
  let pressThroughRiseFrames: Double

  /// Force a pulse must reach: half of full scale (Docs/techniques.md).
  public static let pulsePeak = 512.0
  /// A quick press rises 10 % of full scale per 16 ms (Docs/techniques.md).
  public static let quickRisePerMs = 0.1 * 1023 / 16

  // Signal chain.
  var leftFilter: ReferenceFilter
  var rightFilter: ReferenceFilter
  var previousForce = 0.0

  // Zones and onset.
  var zone: Zone = .idle
  var onsetCount = 0
  var onsetPeak = 0.0

  // Value model.
  public private(set) var position: Double
  public private(set) var direction: Direction = .up
  var boosted = false
  var frame = 0

  // Per touch.
  var touchStart = 0.0
  var activatedThisTouch = false
  var neutralLeft = 0.0
  var neutralRight = 0.0
  var activationFrame = 0
  var activationPosition = 0.0
  var pulsePeakReached = false
  var reverse = false
  var paused = false
  var fallStartFrame = 0
  var fallStartPosition = 0.0
  var fallStartActive = false
  var fallSteps: [Double] = []

  // This frame.
  var events: [ReferenceEvent] = []
  var decisions: [ReferenceDecision] = []
  var velocity = 0.0
  var releaseInfo: ReferenceRelease?

  public init(parameters p: Parameters) {
    parameters = p
    technique = p.technique
    leftCell = ReferenceCell(
      offset: p[.leftOffset], gain: p[.leftGain], curve: p[.leftCurve], sensitivity: p.sensitivity,
      law: p[.fsrLaw] != 0)
    rightCell = ReferenceCell(
      offset: p[.rightOffset], gain: p[.rightGain], curve: p[.rightCurve], sensitivity: p.sensitivity,
      law: p[.fsrLaw] != 0)
    leftFilter = ReferenceFilter(timeConstantMs: p[.filterMs], sampleRateHz: p[.sampleRateHz])
    rightFilter = leftFilter
    transfer = ReferenceTransfer(p)
    contact = Double(p[.contactThreshold])
    rest = Double(p[.restThreshold])
    boost = Double(p[.boostThreshold])
    hysteresis = Double(p[.hysteresis])
    rollThreshold = Double(p[.rollThreshold])
    pressThroughLevel = Double(p[.pressThroughLevel])
    rate = Double(p[.sampleRateHz])
    rangeMin = Double(p[.rangeMin])
    rangeMax = Double(p[.rangeMax])
    wraps = p[.wrap] != 0 || p.technique.alwaysWraps
    let rate = self.rate
    quickReleaseFrames = Double(p[.quickReleaseMs]) * rate / 1000
    pulseWindowFrames = Double(p[.pulseWindowMs]) * rate / 1000
    let rest = self.rest
    func rise(to level: Double) -> Double {
      level > rest ? (level - rest) / ReferenceEngine.quickRisePerMs * rate / 1000 : 0
    }
    pulseRiseFrames = rise(to: ReferenceEngine.pulsePeak)
    pressThroughRiseFrames = rise(to: Double(p[.pressThroughLevel]))
    position = Double(p[.startValue])
  }

  /// The engine's state column (Docs/csv-formats.md).
  public var state: EngineState {
    switch zone {
    case .idle: return .idle
    case .resting: return .resting
    case .normal, .boosted:
      if reverse && paused { return .paused }
      return boosted ? .boosted : .scrolling
    }
  }

  /// The shown value: the position rounded half up.
  public var value: Int { Int((position + 0.5).rounded(.down)) }

  /// Adopts another model's position and direction while idle, so that a
  /// comparison can restart from a common point after a legitimate divergence.
  public mutating func resynchronise(position: Double, direction: Direction) {
    self.position = position
    self.direction = direction
  }

  /// Processes one frame of raw readings (0...1023 each).
  public mutating func step(left rawLeft: UInt16, right rawRight: UInt16) -> ReferenceFrame {
    frame += 1
    events = []
    decisions = []
    velocity = 0
    releaseInfo = nil
    let valueBefore = value
    let directionBefore = direction

    let calibratedLeft = leftCell.apply(rawLeft)
    let calibratedRight = rightCell.apply(rawRight)
    let left = leftFilter.step(calibratedLeft)
    let right = rightFilter.step(calibratedRight)
    let force = min(left + right, 1023)

    if zone == .idle {
      if confirmTouch(force: force, total: min(calibratedLeft + calibratedRight, 1023), left, right) {
        touch(force: force, left, right)
      }
    } else {
      touch(force: force, left, right)
    }

    // As the engine: one direction event for a net change within the frame, none
    // when the direction changed and changed back.
    let directionEvents = events.indices.filter { events[$0].kind == .direction }
    if directionEvents.count > 1 || (direction == directionBefore && !directionEvents.isEmpty) {
      let keep = direction == directionBefore ? nil : directionEvents.last
      events = events.indices.filter { events[$0].kind != .direction || $0 == keep }.map { events[$0] }
    }
    if value != valueBefore { events.append(.value(value)) }
    if let index = events.firstIndex(where: { $0.kind == .commit }) { events[index] = .commit(value) }
    previousForce = force
    return ReferenceFrame(
      calibratedLeft: calibratedLeft, calibratedRight: calibratedRight, left: left, right: right,
      force: force, state: state, direction: direction, position: position, value: value,
      velocity: velocity,
      events: events.sorted { $0.kind.rawValue < $1.kind.rawValue },
      decisions: decisions, release: releaseInfo)
  }

  // MARK: Decisions

  mutating func note(_ kind: ReferenceDecision.Kind, _ margin: Double, _ label: String) {
    if recordsDecisions { decisions.append(ReferenceDecision(kind, margin: margin, label)) }
  }

  /// `force ≥ threshold`, logged.
  mutating func atLeast(_ force: Double, _ threshold: Double, _ label: String) -> Bool {
    note(.force, force - threshold, label)
    return force >= threshold
  }

  /// `force < threshold`, logged.
  mutating func below(_ force: Double, _ threshold: Double, _ label: String) -> Bool {
    note(.force, threshold - force, label)
    return force < threshold
  }

  /// `elapsed ≤ limit` frames, logged.
  mutating func within(
    _ elapsed: Int, _ limit: Double, _ kind: ReferenceDecision.Kind, _ label: String
  ) -> Bool {
    note(kind, limit - Double(elapsed), label)
    return Double(elapsed) <= limit
  }

  // MARK: Touch-down

  /// Onset window (Docs/value-model.md): contact must hold for four frames; the velocity is the
  /// peak of the unsmoothed total over the window's samples after the first.
  mutating func confirmTouch(force: Double, total: Double, _ left: Double, _ right: Double) -> Bool {
    if onsetCount == 0 {
      guard atLeast(force, contact, "onset: contact") else { return false }
      onsetPeak = 0
    } else if below(force, contact - hysteresis, "onset: glitch") {
      onsetCount = 0
      return false
    } else if total > onsetPeak {
      onsetPeak = total
    }
    onsetCount += 1
    neutralLeft = left
    neutralRight = right
    guard onsetCount == Zone.onsetFrames else { return false }
    onsetCount = 0

    let velocity = min(max(onsetPeak * 127 / 1023, 1), 127)
    events.append(.touchDown(velocity: velocity))
    setDirection(.up)
    zone = .resting
    touchStart = position
    activatedThisTouch = false
    reverse = false
    paused = false
    boosted = false
    fallStartFrame = frame
    fallStartPosition = position
    fallStartActive = false
    fallSteps = [.infinity]
    return true
  }

  // MARK: While touching

  func threshold(of zone: Zone) -> Double {
    switch zone {
    case .idle: return 0
    case .resting: return contact
    case .normal: return rest
    case .boosted: return boost
    }
  }

  /// The zone after one frame at `force` (hysteresis on every edge).
  mutating func nextZone(from start: Zone, force: Double) -> Zone {
    var zone = start
    var rose = false
    while zone != .boosted {
      let up = Zone(rawValue: zone.rawValue + 1)!
      guard atLeast(force, threshold(of: up), "zone: enter") else { break }
      zone = up
      rose = true
    }
    if rose { return zone }
    while zone != .idle, below(force, threshold(of: zone) - hysteresis, "zone: leave") {
      zone = Zone(rawValue: zone.rawValue - 1)!
    }
    return zone
  }

  mutating func touch(force: Double, _ left: Double, _ right: Double) {
    let before = zone
    zone = nextZone(from: before, force: force)
    if zone == .idle {
      release(from: before)
      return
    }
    if before == .resting && zone >= .normal {
      events.append(.activate)
      activatedThisTouch = true
      activationFrame = frame
      activationPosition = position
      pulsePeakReached = false
    } else if before >= .normal && zone == .resting {
      deactivate()
    }

    if zone == .resting {
      neutralLeft = left
      neutralRight = right
      setBoosted(false)
      if technique.isPositional { position = rangeMin }
    } else {
      chooseDirection(force: force, left, right)
      move(force: force)
    }

    // Quick release bookkeeping: the fall starts at the last frame in the rate zones
    // whose force did not drop by more than the hysteresis. `fallSteps` keeps each
    // frame's margin to that rule (change + hysteresis) for the agreement checker.
    if zone >= .normal {
      let margin = force - previousForce + hysteresis
      if margin >= 0 {
        fallStartFrame = frame
        fallStartPosition = position
        fallStartActive = true
        fallSteps = [margin]
      } else {
        fallSteps.append(margin)
      }
    }
  }

  mutating func chooseDirection(force: Double, _ left: Double, _ right: Double) {
    switch technique {
    case .thumbRoll:
      if let rolled = roll(left, right) { setDirection(rolled) }
    case .twoButton:
      note(.cells, right - left, "two-button")
      if right > left {
        setDirection(.up)
      } else if left > right {
        setDirection(.down)
      }
    case .pulse:
      if !pulsePeakReached, atLeast(force, ReferenceEngine.pulsePeak, "pulse: peak"),
        within(frame - activationFrame, pulseRiseFrames, .riseWindow, "pulse: rise time")
      {
        pulsePeakReached = true
      }
    case .pressThrough:
      if !reverse, atLeast(force, pressThroughLevel, "press-through: level"),
        within(frame - activationFrame, pressThroughRiseFrames, .riseWindow, "press-through: rise time")
      {
        reverse = true
        paused = true
        events.append(.reverse)
        setDirection(.down)
        position = activationPosition
      }
    case .wrap, .positional:
      break
    }
  }

  /// Thumb-roll (Docs/techniques.md) with the balance divided out.
  mutating func roll(_ left: Double, _ right: Double) -> Direction? {
    let sum = left + right
    let neutralSum = neutralLeft + neutralRight
    guard sum > 0, neutralSum > 0 else { return nil }
    let change = ((right - left) / sum - (neutralRight - neutralLeft) / neutralSum) * 1000
    let kind = ReferenceDecision.Kind.balance(sum: sum, neutralSum: neutralSum)
    note(kind, change - rollThreshold, "roll: up")
    if change > rollThreshold { return .up }
    note(kind, -change - rollThreshold, "roll: down")
    if change < -rollThreshold { return .down }
    return nil
  }

  mutating func move(force: Double) {
    if technique.isPositional {
      setBoosted(false)
      let fraction = max(force - rest, 0) / (1023 - rest)
      let exact = rangeMin + fraction * (rangeMax - rangeMin)
      // Shown as the maximum (exact ≥ max − ½): pinned there. Decided on force, so
      // the checker can tell a near-threshold divergence.
      let span = rangeMax - rangeMin
      let pinForce = rest + (span - 0.5) / span * (1023 - rest)
      position = atLeast(force, pinForce, "positional: pinned at max") ? rangeMax : exact
      return
    }
    var drive = force
    if reverse {
      paused = atLeast(
        force, paused ? pressThroughLevel - hysteresis : pressThroughLevel, "press-through: paused")
      drive = 1023 + rest - force
      setBoosted(!paused && atLeast(drive, boosted ? boost - hysteresis : boost, "press-through: boost"))
      if paused { return }
    } else {
      setBoosted(zone == .boosted)
    }
    let speed = transfer.speed(force: drive, boosted: boosted) / 1000
    velocity = direction == .up ? speed : -speed
    moveBy(velocity / rate)
  }

  /// Moves the position, then clamps or wraps (Docs/value-model.md).
  mutating func moveBy(_ delta: Double) {
    position += delta
    if wraps {
      let span = rangeMax - rangeMin + 1
      while position >= rangeMax + 0.5 { position -= span }
      while position < rangeMin - 0.5 { position += span }
    } else {
      position = min(max(position, rangeMin), rangeMax)
    }
  }

  mutating func deactivate() {
    switch technique {
    case .pulse:  // a quick press and release toggles the direction and undoes its own motion
      if pulsePeakReached, within(frame - activationFrame, pulseWindowFrames, .roundedWindow, "pulse: window") {
        events.append(.pulse)
        setDirection(direction.reversed)
        position = activationPosition
      }
    case .thumbRoll, .pressThrough, .twoButton, .wrap, .positional:
      break
    }
    pulsePeakReached = false
    if reverse {
      reverse = false
      paused = false
      setDirection(.up)
    }
  }

  // MARK: Release

  mutating func release(from before: Zone) {
    if before >= .normal { deactivate() }
    setBoosted(false)
    let positional = technique.isPositional
    var restored = false
    if fallStartActive
      && (positional
        || within(frame - fallStartFrame, quickReleaseFrames, .roundedWindow, "quick release: window"))
    {
      position = fallStartPosition
      restored = true
    }
    var didStep = false
    if !positional, activatedThisTouch {
      let startValue = (touchStart + 0.5).rounded(.down)
      note(.position, min(position - (startValue - 0.5), startValue + 0.5 - position), "tap: same value")
      if value == Int(startValue) {
        let moved = direction == .up ? position - touchStart : touchStart - position
        note(.position, moved, "tap: moved")
        if moved > 0 {
          position = Double(stepped(from: value, direction))
          didStep = true
        }
      }
    }
    releaseInfo = ReferenceRelease(
      fallSteps: fallSteps, fallStartActive: fallStartActive, restored: restored, stepped: didStep)
    events.append(.commit(value))
    events.append(.release)
  }

  /// One whole step from `value`, clamped or wrapped.
  func stepped(from value: Int, _ direction: Direction) -> Int {
    let low = Int(rangeMin)
    let high = Int(rangeMax)
    if direction == .up { return value < high ? value + 1 : (wraps ? low : high) }
    return value > low ? value - 1 : (wraps ? high : low)
  }

  // MARK: Helpers

  mutating func setDirection(_ new: Direction) {
    if new != direction {
      direction = new
      events.append(.direction(new))
    }
  }

  mutating func setBoosted(_ new: Bool) {
    if new != boosted {
      boosted = new
      events.append(.boost(on: new))
    }
  }
}

import ForceEngine
import ForceTrace
import Foundation

/// A closed-loop model of a thumb working the device (see `Docs/user-model.md`).
///
/// Each frame the runner calls `act()` for the two cell readings, steps the engine
/// with them, and passes the shown value back with `see(_:)`. The user perceives that
/// value only after its visual delay, knows its own force, and predicts where the
/// value is now (a Smith predictor: the last seen value plus the motion it believes
/// its force has caused since). It slows down as the target nears, reverses with the
/// physical act its technique needs, and releases when it believes the value is on
/// the target. It is deterministic: all randomness comes from the generator it is given.
public struct SimulatedUser {
  /// The participant.
  public let profile: UserProfile
  /// The technique the device runs.
  public let technique: Technique
  /// The value to reach.
  public let target: Int32
  let device: DeviceModel
  let frameMs: Double
  var rng: SplitMix64
  var thumb: ThumbDynamics

  // Perception: a ring of shown values and of believed motion, `delayFrames` long,
  // kept in the user itself (an array's write checks its buffer is unshared, twice a
  // frame). The longest visual delay, 400 ms, is 400 frames at 1 kHz, the highest
  // `sample_rate_hz`.
  let delayFrames: Int
  var shownHistory: InlineArray<401, Int32>
  var motionHistory: InlineArray<400, Double>
  /// This frame's slot in `motionHistory` (frame mod delayFrames) and in `shownHistory`
  /// (frame mod (delayFrames + 1)), and the latter's for the frame `act` last returned.
  var motionSlot = 0
  var shownSlot = 0
  var shownSlotOfLastFrame = 0
  var pendingMotion = 0.0
  var lastSeen: Int32
  var seenOffset = 0.0
  var unseenTravel = 0.0

  // Beliefs about the device.
  var believed: Direction = .up
  var reverseMode = false
  var side = 0

  // Control.
  var phase: Phase = .landing
  var maneuver = Maneuver.pulse
  var stage = 0
  var stageStart = 0
  var frame = 0
  var maneuverEnd = Int.min / 2
  var steadyFrames = 0
  var settledFrames = 0
  var positionalAdjust = 0.0
  var caution = 1.0
  var heading: Direction?
  var pulsePeak = 0.0
  var pulseHold = 0.0
  var pulseHoldScale = 1.0
  var pressRise = 0.0
  var lastRemaining: Double?
  var thinking = false
  var searchingFrom: Int32?
  let start: Int32
  let restForce: Double

  // Constants of the per-frame work, each worked out once a trial by the expression the
  // frame would evaluate (the same doubles): the reaction window after a reversal
  // (`delayFrames + Int(60 / frameMs)`), the creep speed, the cruise force, the release
  // window (`0.5 − releaseMargin`), and the thumb commands' per-frame steps.
  let reactionFrames: Int
  let creepSpeed: Double
  let cruiseForce: Double
  let releaseWindow: Double
  let landedForce: Double
  let controlledRiseStep, controlledFallStep, liftFallStep: Double
  let lagFactor: Double?
  let balanceStep, buttonBalanceStep: Double

  /// What the user is doing.
  enum Phase { case landing, preparing, control, maneuver, tapping, releasing }

  /// The physical acts that reverse the direction (Docs/techniques.md).
  enum Maneuver { case roll(Int), button(Int), pulse, pressDown, pressUp }

  /// A user about to pick `target` from `start` on a device running `parameters`.
  public init(profile: UserProfile, parameters: Parameters, start: Int32, target: Int32, rng: SplitMix64) {
    technique = parameters.technique
    self.target = target
    self.start = start
    device = DeviceModel(parameters)
    frameMs = 1000 / Double(parameters.sampleRateHz)
    self.rng = rng
    let delayMs = self.rng.truncatedNormal(profile.visualDelayMs, profile.delayJitterMs, 100, 400)
    self.profile = profile.forOneTrial(using: &self.rng)
    delayFrames = Swift.max(1, Int((delayMs / frameMs).rounded()))
    shownHistory = InlineArray(repeating: start)
    motionHistory = InlineArray(repeating: 0)
    precondition(delayFrames < shownHistory.count, "a visual delay of more than 400 frames")
    lastSeen = start
    restForce = self.profile.restFraction * device.rest
    var balance = profile.neutralBias
    switch technique {
    case .twoButton:  // a cell per direction: the thumb starts on the side it needs
      side = target >= start ? 1 : -1
      believed = side > 0 ? .up : .down
      balance = Double(side) * profile.buttonBalance
    case .thumbRoll, .pulse, .pressThrough, .wrap, .positional:
      break
    }
    thumb = ThumbDynamics(balance: balance, profile: self.profile, frameMs: frameMs)
    let p = self.profile
    reactionFrames = delayFrames + Int(60 / frameMs)
    creepSpeed = p.creepSpeed
    cruiseForce = device.cruiseForce(fraction: p.cruiseFraction)
    releaseWindow = 0.5 - p.releaseMargin
    landedForce = restForce * 0.95
    controlledRiseStep = p.controlledRisePerMs * frameMs
    controlledFallStep = -p.controlledFallPerMs * frameMs
    liftFallStep = -p.liftFallPerMs * frameMs
    lagFactor = p.forceLagMs > 0 ? 1 - exp(-frameMs / p.forceLagMs) : nil
    balanceStep = p.rollRatePerS * frameMs / 1000
    buttonBalanceStep = 2 * p.buttonBalance * 1000 / p.buttonSwitchMs * frameMs / 1000
  }

  /// The cell readings of the next frame.
  public mutating func act() -> (left: UInt16, right: UInt16) {
    let estimate = perceive()
    let command = decide(estimate: estimate)
    let cells = thumb.step(command, rng: &rng)
    let motion = believedMotion()
    motionHistory[motionSlot] = motion
    motionSlot = motionSlot + 1 == delayFrames ? 0 : motionSlot + 1
    pendingMotion += motion
    shownSlotOfLastFrame = shownSlot
    shownSlot = shownSlot == delayFrames ? 0 : shownSlot + 1
    frame += 1
    return cells
  }

  /// The value the device showed this frame (the user sees it `delayFrames` later).
  public mutating func see(_ shown: Int32) {
    shownHistory[shownSlotOfLastFrame] = shown
  }

  /// Whether the user has decided to lift its thumb.
  public var isReleasing: Bool { phase == .releasing }

  /// The display as seen now, and the predicted position (items). (The running sums
  /// are worked on in registers and stored once: stored and read back at once, the
  /// two of them written as one 16-byte store, each read waited for the store.)
  mutating func perceive() -> Double {
    let index = frame - delayFrames
    // Frame `index`'s slots: (index mod delayFrames + 1) is the one after this frame's.
    let seen = index < 0 ? lastSeen : shownHistory[shownSlot == delayFrames ? 0 : shownSlot + 1]
    var pending = pendingMotion
    var offset = seenOffset
    var travel = unseenTravel
    if index >= 0 {
      // The motion of frame `index` is on the display now (its slot is this frame's).
      let visible = motionHistory[motionSlot]
      pending -= visible
      offset += visible
      travel += abs(visible)
    }
    if seen != lastSeen {
      var change = Int(seen - lastSeen)
      let span = Int(device.span)
      if device.wraps && abs(change) > span / 2 { change += change > 0 ? -span : span }
      if abs(change) == 1 && !seesUndo() {
        offset = change > 0 ? -0.5 : 0.5  // it just crossed into this item
        noticeDirection(change > 0 ? .up : .down)
      } else {
        offset = 0  // a jump: an undo, or the positional mapping
      }
      lastSeen = seen
      travel = 0
    } else if travel > 1.5 && (seen == device.rangeMin || seen == device.rangeMax) && !device.wraps {
      // Pressing at an end of the list and nothing moves: it must be going the other way.
      travel = 0
      noticeDirection(believed.reversed)
    }
    offset = Swift.min(0.5, Swift.max(-0.5, offset))
    pendingMotion = pending
    seenOffset = offset
    unseenTravel = travel
    return Double(seen) + offset + profile.anticipation * pending
  }

  /// Whether a change of the display now is the device undoing the motion of the
  /// user's own pulse or press-through press (Docs/techniques.md): the position goes
  /// back to where it was when the press began, not across an item edge. The user
  /// knows its own act; the change reaches it within one reaction window of the act.
  @inline(__always)
  func seesUndo() -> Bool {
    switch maneuver {
    case .pulse, .pressDown: return phase == .maneuver || frame - maneuverEnd <= reactionFrames
    case .roll, .button, .pressUp: return false
    }
  }

  /// The value moved by one step in `observed`: if that is not the direction the user
  /// believes in, and no reversal of its own explains it, it updates its belief.
  mutating func noticeDirection(_ observed: Direction) {
    guard phase == .control, technique.choosesDirection else { return }
    guard frame - maneuverEnd > reactionFrames, observed != believed else { return }
    believed = observed
    switch technique {
    case .pressThrough:
      reverseMode = observed == .down
    case .pulse:
      pulseHoldScale *= 0.5  // a pulse that did not toggle: the next one is quicker (half the hold at the peak)
    case .thumbRoll, .twoButton, .wrap, .positional:
      break
    }
  }

  /// The motion (items, signed) the user believes its force caused this frame.
  /// (Inlined, like the other small helpers called every frame: a call would copy the
  /// whole user.)
  @inline(__always)
  func believedMotion() -> Double {
    if technique.isPositional { return 0 }
    // The device undoes the motion of a pulse and of a press-through's press.
    var heading = believed
    if phase == .maneuver {
      switch maneuver {
      case .pulse, .pressDown: return 0
      case .roll(let sign):
        // The user feels its own roll: once it is past the device's threshold from the
        // resting neutral, the device goes the new way, before the roll is complete.
        if Double(sign) * (thumb.balance - profile.neutralBias) > device.rollThreshold {
          heading = sign > 0 ? .up : .down
        }
      case .button, .pressUp: break
      }
    }
    let force = thumb.felt
    let speed = reverseMode ? device.reverseSpeed(force: force) : device.speed(force: force)
    let items = profile.speedBelief * speed * frameMs / 1000
    return heading == .up ? items : -items
  }

  /// Signed distance to the target from the predicted position; for wrap, forward only.
  @inline(__always)
  func remaining(_ estimate: Double) -> Double {
    var r = Double(target) - estimate
    guard device.wraps else { return r }
    let span = Double(device.span)
    r = r.truncatingRemainder(dividingBy: span)
    if r < 0 { r += span }
    return r > span - releaseWindow ? r - span : r
  }
}

import ForceEngine
import Foundation

/// The user's decisions, frame by frame: land, plan, scroll, reverse, release.
extension SimulatedUser {
  mutating func decide(estimate: Double) -> ThumbCommand {
    switch phase {
    case .landing:
      if thumb.force >= landedForce {
        phase = .preparing
        stageStart = frame
      }
      return controlled(restForce)
    case .preparing:
      // Planning the first act: a novice also decides how (`decisionMs`).
      if elapsedMs(since: stageStart) >= profile.prepareMs + profile.decisionMs { phase = .control }
      return controlled(restForce)
    case .control:
      return control(estimate)
    case .maneuver:
      return maneuverStep(estimate)
    case .tapping:
      return tap()
    case .releasing:
      return lift()
    }
  }

  /// A gentle tap: just into the rate zone, then lift (the device steps once).
  @inline(__always)
  mutating func tap() -> ThumbCommand {
    let tapForce = device.rest + 0.2 * (device.boost - device.rest)
    if thumb.force >= tapForce - 1 { phase = .releasing }
    return command(tapForce, rise: profile.controlledRisePerMs, fall: 0)
  }

  /// The lift that commits.
  @inline(__always)
  func lift() -> ThumbCommand { command(0, rise: 0, fall: profile.liftFallPerMs) }

  /// Rate control towards the target, or the start of a reversal or the release.
  /// (Inlined into `decide`, so it no longer calls `decide` back for a tap or a lift:
  /// the call and its command returned through memory cost 2.5 % of a trial.)
  @inline(__always)
  mutating func control(_ estimate: Double) -> ThumbCommand {
    if technique.isPositional { return positional() }
    if let searching = searchingFrom {
      // Feedback-driven release: easing off from a press the display does not show,
      // the user cannot tell how far it must go; it keeps easing off until it sees
      // the value move (or it is back at rest). What the display shows of the press
      // itself (within one visual delay of it) is not that motion.
      let settling = frame - maneuverEnd <= reactionFrames
      if settling { searchingFrom = lastSeen }
      if settling || lastSeen == searching, thumb.force > device.rest + device.hysteresis {
        return command(restForce, rise: 0, fall: profile.searchFallPerMs * caution)
      }
      searchingFrom = nil
    }
    let r = remaining(estimate)
    if wantsToTap() {
      // Tap once the result of any reversal should be on the display; until then, wait at rest.
      guard frame - maneuverEnd > reactionFrames else { return controlled(restForce) }
      phase = .tapping
      return tap()
    }
    if technique.alwaysWraps {
      // Wrap overshoots by going past: the target is now a whole lap away. Slow down.
      if let last = lastRemaining, last < 1.5, r > Double(device.span) / 2 { caution *= profile.overshootCaution }
      lastRemaining = r
    }
    // Stopping distance: what the display has not shown yet is in the estimate; what
    // the lift itself will still scroll (a slow lift from deep in the rate zone) is here.
    // The drift decides only the release below, which needs the display within one item
    // of the target once the drift is taken off. The drift never points against the
    // believed direction (the device's speeds are not negative, nor is this user's belief
    // in them), so a display an item or more short of the target cannot release whatever
    // the drift is: then the lift is not simulated (except with wrap, whose gap is taken
    // around the list).
    var drift = 0.0
    let shortOfTarget = believed == .up ? lastSeen < target : lastSeen > target
    if abs(r) < 4 && !(shortOfTarget && !device.wraps && profile.speedBelief >= 0) {
      drift =
        profile.speedBelief
        * device.liftDrift(from: thumb.felt, rate: profile.liftFallPerMs, reverse: reverseMode, frameMs: frameMs)
      if believed == .down { drift = -drift }
    }
    // Release when the prediction says "on target" and the display confirms it: it
    // shows the target (or, when the lift is expected to slip, the item the slip will
    // bring onto the target). A prediction past the target is an overshoot: reverse.
    var seenGap = Double(lastSeen) - drift - Double(target)
    if device.wraps && abs(seenGap) > Double(device.span) / 2 {
      seenGap -= Double(device.span) * (seenGap > 0 ? 1 : -1)
    }
    if abs(r - drift) <= releaseWindow && abs(seenGap) < 1 {
      phase = .releasing
      return lift()
    }
    if technique.choosesDirection {
      let needed: Direction = r > 0 ? .up : .down
      if needed != believed {
        // After an overshoot, approach more carefully (slower creep) the next time.
        if let heading, heading != needed { caution *= profile.overshootCaution }
        start(reversalTowards: needed)
        return maneuverStep(estimate)
      }
    }
    heading = technique.choosesDirection ? (r > 0 ? .up : .down) : .up
    return controlled(scrollForce(abs(r)))
  }

  /// The force that gives the speed the user wants `distance` items from the target:
  /// distance / homing time, at least the creep speed, at most the cruise force, and
  /// boost when far. Mirrored in press-through's reverse mode.
  @inline(__always)
  func scrollForce(_ distance: Double) -> Double {
    var force: Double
    if distance > profile.boostDistance {
      force = profile.boostForce
    } else {
      let wanted = Swift.max(creepSpeed, distance / profile.homingTimeS) * caution / profile.speedBelief
      force = device.normalForce(speed: wanted, cap: cruiseForce)
    }
    return reverseMode ? 1023 + device.rest - force : force
  }

  /// Positional: press to the force that maps onto the target, correct slowly from
  /// what is seen, release once the target has been seen steadily for the dwell time.
  mutating func positional() -> ThumbCommand {
    let perItem = (1023 - device.rest) / Double(device.rangeMax - device.rangeMin)
    let goal = device.rest + (device.positionalForce(value: target) - device.rest) / profile.speedBelief
    // Settled: the force has been at its goal for longer than the visual delay, so
    // the display now shows what this force does.
    settledFrames = abs(thumb.force - (goal + positionalAdjust)) < 0.25 * perItem ? settledFrames + 1 : 0
    let settled = settledFrames > delayFrames
    if lastSeen == target {
      steadyFrames += settled ? 1 : 0
    } else {
      steadyFrames = 0
      // One corrective step, from a display that reflects the current force (no
      // wind-up), then wait for the display to show its effect.
      if settled {
        positionalAdjust += 0.8 * Double(target - lastSeen) * perItem
        positionalAdjust = Swift.min(3 * perItem, Swift.max(-3 * perItem, positionalAdjust))
        settledFrames = 0
      }
    }
    if Double(steadyFrames) * frameMs >= profile.dwellMs { phase = .releasing }
    return controlled(goal + positionalAdjust)
  }

  /// Whether the user taps for the last step: the target is one item away in the
  /// direction the device is believed to go, the thumb rests and the value has not
  /// moved this touch. Lifting ends press-through's reverse mode, so there a tap only
  /// steps up.
  @inline(__always)
  func wantsToTap() -> Bool {
    guard !technique.isPositional, !reverseMode, thumb.force <= device.rest, lastSeen == start else { return false }
    let step = Int(target) - Int(lastSeen)
    return step == (believed == .up ? 1 : -1)
  }

  mutating func start(reversalTowards needed: Direction) {
    let sign = needed == .up ? 1 : -1
    thinking = profile.decisionMs > 0
    // Each quick press has its own rate (impulse variability, Schmidt et al. 1979: CV ≈ 0.2).
    pressRise = profile.ballisticRisePerMs * exp(0.2 * rng.truncatedNormal(0, 1, -2.5, 2.5))
    switch technique {
    case .thumbRoll:
      maneuver = .roll(sign)
      stage = 2
      if side == sign || thinking {  // rolled that way already and it failed, or deciding: from rest
        side = 0
        stage = 0
      }
    case .twoButton:
      maneuver = .button(sign)
      stage = 0
    case .pulse:
      maneuver = .pulse
      stage = 0
      pulsePeak = rng.truncatedNormal(profile.pulsePeak, profile.pulseJitter, 560, 1000)
      pulseHold = profile.pulseHoldMs * pulseHoldScale * exp(profile.trialSpread * rng.truncatedNormal(0, 1, -2.5, 2.5))
    case .pressThrough:
      maneuver = needed == .down ? .pressDown : .pressUp
      stage = 0
    case .wrap, .positional:
      return
    }
    phase = .maneuver
    stageStart = frame
  }

  mutating func next(stage new: Int) {
    stage = new
    stageStart = frame
  }

  mutating func finish(believing direction: Direction) {
    believed = direction
    phase = .control
    maneuverEnd = frame
  }

  /// One frame of the current reversal. Stage 0 drops quickly to the resting force
  /// (keeping contact: a lift would commit), stage 1 pauses there, then the act itself.
  mutating func maneuverStep(_ estimate: Double) -> ThumbCommand {
    let distance = abs(remaining(estimate))
    if stage == 0 {
      if thumb.force <= restForce + 5 && balanceSettled() {
        next(stage: frame == stageStart && !thinking ? 2 : 1)  // no pause needed if already resting
      } else {
        return drop()
      }
    }
    if stage == 1 {
      // Novices stop and decide before the act (`decisionMs`).
      if elapsedMs(since: stageStart) < profile.relaxHoldMs + (thinking ? profile.decisionMs : 0) { return drop() }
      thinking = false
      next(stage: 2)
    }
    switch maneuver {
    case .roll(let sign):
      // Press first, then roll: rolling below rest only moves the captured neutral.
      if stage == 2 {
        if thumb.force < device.rest * 1.25 { return controlled(Swift.max(scrollForce(distance), device.rest * 1.4)) }
        next(stage: 3)
      }
      side = sign
      var command = controlled(scrollForce(distance))
      command.balance = profile.neutralBias + Double(sign) * profile.rollAmplitude
      if abs(thumb.balance - command.balance) < 0.01 { finish(believing: sign > 0 ? .up : .down) }
      return command
    case .button(let sign):
      side = sign
      var command = drop()
      command.balance = Double(sign) * profile.buttonBalance
      command.balanceStep = buttonBalanceStep
      if abs(thumb.balance - command.balance) < 0.01 { finish(believing: sign > 0 ? .up : .down) }
      return command
    case .pulse:
      if stage == 2 {
        if thumb.force < pulsePeak - 0.5 {
          return command(pulsePeak, rise: pressRise, fall: 0)
        }
        next(stage: 3)
      }
      // Hold the peak a moment (the pulse's timing: the window closes at pulse_window_ms).
      if stage == 3 {
        if elapsedMs(since: stageStart) < pulseHold {
          return command(pulsePeak, rise: pressRise, fall: 0)
        }
        next(stage: 4)
      }
      // Back to the resting touch, and stay there a moment before pressing again.
      if stage == 4 {
        if thumb.force > restForce + 5 { return drop() }
        next(stage: 5)
      }
      if elapsedMs(since: stageStart) >= profile.relaxHoldMs { finish(believing: believed.reversed) }
      return drop()
    case .pressDown:
      // Past the sensor's ceiling: the device sees 1023 whatever the thumb does above it.
      let peak = profile.overpress
      if stage == 2 {
        if thumb.force < peak - 0.5 { return command(peak, rise: pressRise, fall: 0) }
        next(stage: 3)
      }
      if elapsedMs(since: stageStart) >= profile.pauseMs {
        reverseMode = true
        finish(believing: .down)
        if profile.searchFallPerMs > 0 { searchingFrom = lastSeen }
      }
      return command(peak, rise: pressRise, fall: 0)
    case .pressUp:
      reverseMode = false
      finish(believing: .up)
      return drop()
    }
  }

  /// Whether the balance is where the drop wants it (only a roll restarting from rest
  /// re-centres the thumb).
  @inline(__always)
  func balanceSettled() -> Bool {
    if case .roll = maneuver { return abs(thumb.balance - profile.neutralBias) < 0.02 }
    return true
  }

  /// A quick drop to the resting force, balance back to neutral for a roll restart.
  @inline(__always)
  func drop() -> ThumbCommand {
    var command = command(restForce, riseStep: controlledRiseStep, fallStep: liftFallStep, lagFactor: nil)
    if case .roll = maneuver, phase == .maneuver, stage < 2 { command.balance = profile.neutralBias }
    return command
  }

  /// A deliberate force change towards `force`.
  @inline(__always)
  func controlled(_ force: Double) -> ThumbCommand {
    command(force, riseStep: controlledRiseStep, fallStep: controlledFallStep, lagFactor: lagFactor)
  }

  /// A command without lag at `rise` and `fall` counts/ms.
  @inline(__always)
  func command(_ force: Double, rise: Double, fall: Double) -> ThumbCommand {
    command(force, riseStep: rise * frameMs, fallStep: -fall * frameMs, lagFactor: nil)
  }

  /// A command holding the balance the technique wants.
  @inline(__always)
  func command(_ force: Double, riseStep: Double, fallStep: Double, lagFactor: Double?) -> ThumbCommand {
    var balance = profile.neutralBias
    switch technique {
    case .thumbRoll: balance += Double(side) * profile.rollAmplitude
    case .twoButton: balance = Double(side) * profile.buttonBalance
    case .pulse, .pressThrough, .wrap, .positional: break
    }
    return ThumbCommand(
      force: force, riseStep: riseStep, fallStep: fallStep, lagFactor: lagFactor, balance: balance,
      balanceStep: balanceStep)
  }

  @inline(__always)
  func elapsedMs(since start: Int) -> Double { Double(frame - start) * frameMs }
}

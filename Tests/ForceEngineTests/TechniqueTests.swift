import ForceEngine
import ForceTestSupport
import Testing

/// Standard pieces of gesture at the default 200 Hz (5 ms a frame).
extension Gesture {
  /// Nothing, then the thumb resting lightly (F = 120) long enough to confirm the touch.
  static func resting(left: Int = 60, right: Int = 60) -> Gesture {
    var g = Gesture()
    g.hold(0, 0, frames: 10)
    g.ramp(to: left, right, frames: 6)
    g.hold(left, right, frames: 20)
    return g
  }

  mutating func release() {
    ramp(to: 0, 0, frames: 3)
    hold(0, 0, frames: 10)
  }
}

@Suite struct ThumbRollTests {
  @Test func rollLeftGoesDownRollRightGoesUpNeutralHolds() {
    var g = Gesture.resting()
    g.ramp(to: 250, 250, frames: 6)
    g.hold(250, 250, frames: 200)  // up
    g.ramp(to: 400, 100, frames: 10)  // roll left: B = −0.6
    g.hold(400, 100, frames: 100)
    g.ramp(to: 250, 250, frames: 10)  // back to neutral: direction holds
    g.hold(250, 250, frames: 50)
    g.ramp(to: 100, 400, frames: 10)  // roll right
    g.hold(100, 400, frames: 100)
    g.release()
    let run = Run(g)
    let directions = run.frames(with: .direction).map { run.outputs[$0].events.direction }
    #expect(directions == [.down, .up])
    let down = run.frames(with: .direction)[0]
    let up = run.frames(with: .direction)[1]
    #expect(run.outputs[down - 1].value > run.outputs[up - 1].value)  // it went down
    #expect(run.outputs[up - 1].direction == .down)  // neutral held "down"
    #expect(run.outputs[run.outputs.count - 1].value > run.outputs[up].value)  // then up again
  }

  @Test func neutralIsRecapturedAtRestSoAnOffCentreThumbStillGoesUp() {
    // The thumb rests off-centre (left-heavy, B0 = −1/3) and presses with the same
    // balance: no roll, no direction change.
    var g = Gesture.resting(left: 80, right: 40)
    g.ramp(to: 334, 167, frames: 6)
    g.hold(334, 167, frames: 200)
    g.release()
    let run = Run(g)
    #expect(run.frames(with: .direction).isEmpty)
    #expect(run.committed! > 3)
  }

  @Test func directionAtTouchDownIsUp() {
    var g = Gesture.resting()
    g.ramp(to: 400, 100, frames: 6)
    g.hold(400, 100, frames: 100)  // down
    g.release()
    let first = g.frames.count
    g.ramp(to: 60, 60, frames: 6)
    g.hold(60, 60, frames: 20)
    let run = Run(g, parameters: try! parameters([(.startValue, 50)]))
    #expect(run.outputs[first - 1].direction == .down)
    let touchDown = run.frames(with: .touchDown).last!
    #expect(touchDown > first)
    #expect(run.outputs[touchDown].direction == .up)
    #expect(run.outputs[touchDown].events.contains(.direction))
  }
}

@Suite struct PulseTests {
  let params = try! parameters([(.technique, Technique.pulse.rawValue), (.startValue, 50)])

  @Test func quickPulseTogglesDirectionAndUndoesItsMotion() throws {
    var g = Gesture.resting()
    g.ramp(to: 400, 400, frames: 4)  // F 120 → 800 in 20 ms (smoothed peak ≈ 560)
    g.ramp(to: 60, 60, frames: 4)
    g.hold(60, 60, frames: 10)
    g.ramp(to: 250, 250, frames: 6)
    g.hold(250, 250, frames: 200)
    g.release()
    let run = Run(g, parameters: params)
    let pulse = try #require(run.frames(with: .pulse).first)
    #expect(run.frames(with: .pulse).count == 1)
    #expect(run.outputs[pulse].direction == .down)
    #expect(run.positionMilli(pulse) == 50_000)  // motion undone
    #expect(run.committed! < 45)  // then pressing moves down
  }

  @Test func slowPressIsNoPulse() {
    var g = Gesture.resting()
    g.ramp(to: 400, 400, frames: 30)  // 150 ms: too slow
    g.ramp(to: 60, 60, frames: 4)
    g.hold(60, 60, frames: 10)
    let run = Run(g, parameters: params)
    #expect(run.frames(with: .pulse).isEmpty)
  }

  @Test func pulseHeldTooLongIsNoPulse() {
    var g = Gesture.resting()
    g.ramp(to: 400, 400, frames: 4)
    g.hold(400, 400, frames: 80)  // 400 ms > pulse_window_ms
    g.ramp(to: 60, 60, frames: 4)
    g.hold(60, 60, frames: 10)
    let run = Run(g, parameters: params)
    #expect(run.frames(with: .pulse).isEmpty)
    #expect(run.outputs.last!.value > 50)
  }
}

@Suite struct PressThroughTests {
  let params = try! parameters([(.technique, Technique.pressThrough.rawValue), (.startValue, 50)])

  @Test func quickPressToTheMaximumReversesPausesThenEasingOffGoesDown() throws {
    var g = Gesture.resting()
    g.ramp(to: 512, 512, frames: 5)
    g.hold(512, 512, frames: 60)  // at the maximum: paused
    let easeStart = g.frames.count
    g.ramp(to: 200, 200, frames: 10)  // F = 400: mirrored 828, boosted
    g.hold(200, 200, frames: 60)
    let belowRest = g.frames.count
    g.ramp(to: 60, 60, frames: 6)
    g.hold(60, 60, frames: 10)
    let run = Run(g, parameters: params)
    let reverse = try #require(run.frames(with: .reverse).first)
    #expect(run.outputs[reverse].direction == .down)
    #expect(run.positionMilli(reverse) == 50_000)  // the rise's motion undone
    #expect(run.outputs[easeStart - 1].state == .paused)
    #expect(run.positionMilli(easeStart - 1) == 50_000)  // paused at the max
    #expect(run.outputs[belowRest - 1].state == .boosted)
    #expect(run.outputs[belowRest - 1].value < 45)  // moved down, fast
    let last = run.outputs.last!
    #expect(last.state == .resting && last.direction == .up)  // below rest: normal mode
  }

  @Test func slowPressToTheMaximumIsNotReverse() {
    var g = Gesture.resting()
    g.ramp(to: 512, 512, frames: 80)
    g.hold(512, 512, frames: 20)
    let run = Run(g, parameters: params)
    #expect(run.frames(with: .reverse).isEmpty)
    #expect(run.outputs.last!.value > 50)
  }
}

@Suite struct TwoButtonWrapPositionalTests {
  @Test func rightCellGoesUpLeftCellGoesDown() {
    var g = Gesture.resting(left: 0, right: 120)
    g.ramp(to: 0, 500, frames: 6)
    g.hold(0, 500, frames: 200)
    let mid = g.frames.count
    g.ramp(to: 0, 60, frames: 4)
    g.ramp(to: 500, 0, frames: 6)
    g.hold(500, 0, frames: 300)
    let run = Run(g, parameters: try! parameters([(.technique, Technique.twoButton.rawValue), (.startValue, 50)]))
    #expect(run.outputs[mid - 1].value > 55)
    #expect(run.outputs.last!.direction == .down)
    #expect(run.outputs.last!.value < run.outputs[mid - 1].value - 5)
  }

  @Test func wrapTechniquePassesTheMaximumToTheMinimum() {
    var g = Gesture.resting()
    g.ramp(to: 450, 450, frames: 6)
    g.hold(450, 450, frames: 60)
    let run = Run(
      g, parameters: try! parameters([(.technique, Technique.wrap.rawValue), (.rangeMax, 9), (.startValue, 8)]))
    let values = run.frames(with: .value).map { run.outputs[$0].value }
    #expect(values.starts(with: [9, 0, 1]))
  }

  @Test func positionalMapsForceOntoTheRangeAndCommitsTheHeldValue() {
    var g = Gesture.resting()
    g.ramp(to: 330, 330, frames: 10)  // F = 660 → 205 + 5 × 818/9 ≈ 660
    g.hold(330, 330, frames: 60)
    g.ramp(to: 0, 0, frames: 30)  // a slow lift sweeps through 4…0
    g.hold(0, 0, frames: 5)
    let run = Run(g, parameters: try! parameters([(.technique, Technique.positional.rawValue), (.rangeMax, 9)]))
    #expect(run.outputs[g.frames.count - 40].value == 5)
    #expect(run.committed == 5)
  }
}

import ForceEngine
import ForceTestSupport
import Testing

@Suite struct ValueModelTests {
  @Test func gentleTapStepsOnce() {
    var g = Gesture.resting()
    g.ramp(to: 120, 120, frames: 3)  // F = 240: just into the rate zone
    g.hold(120, 120, frames: 4)
    g.release()
    let run = Run(g)
    #expect(run.frames(with: .activate).count == 1)
    #expect(run.committed == 1)
    #expect(run.frames(with: .value).count == 1)
  }

  @Test func restingTouchWithoutActivationCommitsUnchanged() {
    var g = Gesture.resting()
    g.release()
    let run = Run(g, parameters: try! parameters([(.startValue, 7)]))
    #expect(run.committed == 7)
    #expect(run.frames(with: .value).isEmpty)
  }

  @Test func quickReleaseCommitsTheValueFromBeforeTheLift() {
    var g = Gesture.resting()
    g.ramp(to: 450, 450, frames: 6)  // boosted
    g.hold(450, 450, frames: 100)
    let liftStart = g.frames.count
    g.ramp(to: 0, 0, frames: 12)  // 60 ms lift, sweeping down through the zones
    g.hold(0, 0, frames: 10)
    let quick = Run(g)
    let slow = Run(g, parameters: try! parameters([(.quickReleaseMs, 0)]))
    let held = quick.outputs[liftStart - 1].value
    #expect(quick.committed == held)
    #expect(slow.committed! > held)  // without it the lift scrolls on
  }

  @Test func slowReleaseIsNotQuick() {
    var g = Gesture.resting()
    g.ramp(to: 250, 250, frames: 6)
    g.hold(250, 250, frames: 100)
    let liftStart = g.frames.count
    g.ramp(to: 0, 0, frames: 80)  // 400 ms
    g.hold(0, 0, frames: 10)
    let run = Run(g)
    #expect(run.committed! > run.outputs[liftStart - 1].value)
  }

  @Test func clampsAtBothEnds() {
    var g = Gesture.resting()
    g.ramp(to: 512, 512, frames: 6)
    g.hold(512, 512, frames: 200)  // 1 s boosted ≫ 5 items
    let top = g.frames.count
    g.ramp(to: 700, 100, frames: 6)  // roll left, still hard
    g.hold(700, 100, frames: 200)
    let run = Run(g, parameters: try! parameters([(.rangeMax, 5), (.startValue, 2)]))
    #expect(run.outputs[top - 1].value == 5 && run.positionMilli(top - 1) == 5000)
    #expect(run.outputs.last!.value == 0 && run.positionMilli(run.outputs.count - 1) == 0)
    #expect(run.outputs.indices.allSatisfy { run.positionMilli($0) >= 0 && run.positionMilli($0) <= 5000 })
  }

  @Test func wrapsAtBothEnds() {
    var g = Gesture.resting()
    g.ramp(to: 450, 450, frames: 6)
    g.hold(450, 450, frames: 40)
    g.ramp(to: 700, 150, frames: 6)
    g.hold(700, 150, frames: 60)
    let run = Run(g, parameters: try! parameters([(.rangeMax, 4), (.startValue, 3), (.wrap, 1)]))
    let values = run.frames(with: .value).map { run.outputs[$0].value }
    let upWrap = values.firstIndex(of: 0)!
    #expect(values[upWrap - 1] == 4)
    let downWrap = values.indices.first { $0 > upWrap && values[$0] == 4 && values[$0 - 1] == 0 }
    #expect(downWrap != nil, "values: \(values)")
  }

  @Test func onsetVelocityIgnoresAZeroFirstSample() {
    var normal = Gesture()
    normal.hold(0, 0, frames: 10)
    normal.hold(10, 10, frames: 1)
    normal.hold(80, 80, frames: 1)
    normal.hold(300, 300, frames: 20)
    var zeroFirst = Gesture()
    zeroFirst.hold(0, 0, frames: 10)
    zeroFirst.hold(10, 10, frames: 1)
    zeroFirst.hold(0, 0, frames: 1)  // the sensor's first touch sample reads 0
    zeroFirst.hold(300, 300, frames: 20)
    let a = Run(normal).outputs.first { $0.events.contains(.touchDown) }!.events.velocity
    let b = Run(zeroFirst).outputs.first { $0.events.contains(.touchDown) }!.events.velocity
    #expect(a == b)
    #expect(a == 74)  // 600 × 127 / 1023
  }

  @Test func harderStrikesHaveHigherVelocity() {
    var velocities: [UInt8] = []
    for peak in [60, 150, 300, 511] {
      var g = Gesture()
      g.hold(0, 0, frames: 5)
      g.ramp(to: peak, peak, frames: 2)
      g.hold(peak, peak, frames: 10)
      velocities.append(Run(g).outputs.first { $0.events.contains(.touchDown) }!.events.velocity)
    }
    #expect(velocities == velocities.sorted() && Set(velocities).count == 4)
    #expect(velocities.last == 127)
  }

  @Test func aGlitchShorterThanTheOnsetWindowIsNoTouch() {
    var g = Gesture()
    g.hold(0, 0, frames: 5)
    g.hold(50, 50, frames: 1)  // smoothed: 33, 22, 15 — below contact − hysteresis in 3 frames
    g.hold(0, 0, frames: 20)
    let run = Run(g)
    #expect(run.frames(with: .touchDown).isEmpty && run.frames(with: .commit).isEmpty)
  }

  @Test func eventsFollowTheSpecOrderAndPayloads() {
    var g = Gesture.resting()
    g.ramp(to: 460, 460, frames: 6)
    g.hold(460, 460, frames: 60)
    g.release()
    let run = Run(g)
    let touch = run.frames(with: .touchDown)[0]
    let activate = run.frames(with: .activate)[0]
    let boostOn = run.frames(with: .boost)[0]
    let commit = run.frames(with: .commit)[0]
    #expect(touch < activate && activate <= boostOn && boostOn < commit)
    #expect(run.outputs[boostOn].events.boostOn)
    #expect(run.frames(with: .release) == [commit])
    #expect(run.outputs[commit].state == .idle)
    let off = run.frames(with: .boost).last!
    #expect(!run.outputs[off].events.boostOn)
  }
}

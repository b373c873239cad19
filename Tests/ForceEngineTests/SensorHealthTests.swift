import ForceEngine
import ForceTrace
import Testing

/// Rest tracking and fault detection (Docs/sensor-faults.md) on signals from the sensor
/// model (Docs/sensor-model.md): real cells with preload, noise, spread and faults.
@Suite struct SensorHealthTests {
  static let rate = 200
  static let frameMs = 1000.0 / Double(rate)

  /// A calibrated engine for `sensor`: offsets from a second at rest, as `forcectl
  /// calibrate` proposes them (mean + max(8, 3σ)); the readings of that second are
  /// stepped through the engine too.
  static func calibratedEngine(
    _ sensor: inout SensorModel, _ change: [(ParameterID, Int32)] = []
  ) throws -> (ForceEngine, Parameters, Double) {
    var left: [Double] = []
    var right: [Double] = []
    var t = 0.0
    for _ in 0..<rate {
      let reading = sensor.read(left: 0, right: 0, timeMs: t)
      left.append(Double(reading.left))
      right.append(Double(reading.right))
      t += frameMs
    }
    func offset(_ values: [Double]) -> Int32 {
      let mean = values.reduce(0, +) / Double(values.count)
      let sd = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)).squareRoot()
      return Int32((mean + max(8, 3 * sd)).rounded())
    }
    var parameters = Parameters.defaults
    try parameters.set([(.leftOffset, offset(left)), (.rightOffset, offset(right))] + change)
    var engine = ForceEngine(parameters: parameters)
    for index in 0..<left.count { _ = engine.step(left: UInt16(left[index]), right: UInt16(right[index])) }
    return (engine, parameters, t)
  }

  /// An hour of preload creeping 40 counts up on the right cell, nobody touching: the
  /// learned rest follows it, and nothing happens. With tracking off, the same creep
  /// becomes a touch (so the test can fail).
  @Test(arguments: [true, false])
  func anHourOfCreepingPreloadIsNoTouch(tracking: Bool) throws {
    var profile = SensorProfile.typical
    profile.preloadSettleCounts = 0
    var sensor = SensorModel(profile: profile, seed: 11)
    var (engine, _, t) = try Self.calibratedEngine(&sensor, tracking ? [] : [(.baselineRate, 0)])
    let hourMs = 3_600_000.0
    var touches = 0
    var valueChanges = 0
    var directionChanges = 0
    var faults = 0
    let start = t
    while t - start < hourMs {
      let creep = 40 * (t - start) / hourMs
      let reading = sensor.read(left: 0, right: 0, timeMs: t)
      let out = engine.step(left: reading.left, right: UInt16(min(1023, Double(reading.right) + creep.rounded())))
      if out.events.contains(.touchDown) { touches += 1 }
      if out.events.contains(.value) { valueChanges += 1 }
      if out.events.contains(.direction) { directionChanges += 1 }
      if out.events.contains(.fault) { faults += 1 }
      t += Self.frameMs
    }
    if tracking {
      #expect(touches == 0 && valueChanges == 0 && directionChanges == 0 && faults == 0)
      #expect(engine.restLevels.right >= 40, "learned rest \(engine.restLevels.right)")
    } else {
      #expect(touches > 0, "without tracking the creep should become a touch")
    }
  }

  /// Zones, hysteresis and roll detection hold under the `typical` sensor's noise: a
  /// press held still in the rate zone, rolled just past `roll_threshold` and held there,
  /// then held just below boost, chatters neither the zones nor the direction.
  @Test(arguments: UInt64(1)...20)
  func noiseNeitherChattersTheZonesNorFlipsTheDirection(seed: UInt64) throws {
    var sensor = SensorModel(profile: .typical, seed: seed)
    var (engine, parameters, t) = try Self.calibratedEngine(&sensor)
    let boost = Double(parameters[.boostThreshold])
    var events: [String] = []
    func hold(_ total: Double, balance: Double, ms: Double) {
      let end = t + ms
      while t < end {
        let reading = sensor.read(left: total * (1 - balance) / 2, right: total * (1 + balance) / 2, timeMs: t)
        let out = engine.step(left: reading.left, right: reading.right)
        events += OutputCSV.eventTokens(out.events).split(separator: ";").map(String.init).filter {
          !$0.hasPrefix("value:")
        }
        t += Self.frameMs
      }
    }
    hold(420, balance: 0, ms: 1500)  // a press in the normal zone, the thumb flat
    // Roll left by a little more than the threshold, eased over 300 ms, and hold.
    for step in 1...60 { hold(420, balance: -0.2 * Double(step) / 60, ms: Self.frameMs) }
    hold(420, balance: -0.2, ms: 2000)
    hold(boost - 60, balance: -0.2, ms: 2000)  // just below boost
    #expect(events.filter { $0.hasPrefix("touch-down") }.count == 1, "\(events)")
    #expect(events.filter { $0 == "activate" }.count == 1, "\(events)")
    #expect(events.filter { $0.hasPrefix("direction") } == ["direction:down"], "\(events)")
    #expect(!events.contains { $0.hasPrefix("boost") || $0.hasPrefix("fault") || $0 == "release" }, "\(events)")
  }

  /// The noise is there: with no hysteresis, a press held still where the device reads
  /// the boost threshold makes the same sensor chatter boost on and off.
  @Test func withoutHysteresisTheNoiseChattersAtAnEdge() throws {
    var sensor = SensorModel(profile: .typical, seed: 3)
    var (engine, parameters, t) = try Self.calibratedEngine(&sensor, [(.hysteresis, 0)])
    let threshold = Int16(parameters[.boostThreshold])
    var level = Double(threshold)
    var boosts = 0
    for frame in 0..<(4 * Self.rate) {
      let reading = sensor.read(left: level / 2, right: level / 2, timeMs: t)
      let out = engine.step(left: reading.left, right: reading.right)
      if frame < 2 * Self.rate {
        level += out.force > threshold ? -0.5 : 0.5  // find where the device reads the threshold
      } else if out.events.contains(.boost) {
        boosts += 1  // then hold that press still
      }
      t += Self.frameMs
    }
    #expect(boosts >= 2, "boost events while held still: \(boosts)")  // on and off again: chatter
  }

  /// Random gestures per fault kind in the property test.
  static let gesturesPerKind: UInt64 = 1000

  /// The kinds the engine must hold for, and how the sensor model makes them.
  static let kinds = ["open", "railed", "stuck", "intermittent"]

  /// One random gesture with a fault on a random cell at a random frame: a press with a
  /// roll, the fault during it or at rest, then recovery and a second press.
  struct Outcome {
    var reportedAfterMs: Double?
    var firstSeenAfterMs: Double?
    var clearedAfterMs: Double?
    var movedDuringFault: Int32 = 0
    var movedDuringFaultClean: Int32 = 0
    var pickedAgain = false
  }

  static func run(kind: String, seed: UInt64) throws -> Outcome {
    var rng = SplitMix64.stream(seed, 22)
    let cell: SensorFault.Cell = rng.next() & 1 == 0 ? .left : .right
    let press = Double(300 + Int(rng.next() % 400))
    let roll = Double(Int(rng.next() % 301) - 150) / 1000
    let faultAt = 1500 + Double(rng.next() % 1500)  // ms after calibration: rest, press or release
    let faultFor = 200 + Double(rng.next() % 400)
    let window = SensorFault.Window(startMs: 1000 + faultAt, durationMs: faultFor)
    let fault = try #require(SensorFault(kind: kind, cell: cell, window: window))
    // The gesture, in ms after calibration: rest 1.5 s, a press held 1.5 s, rest 1.5 s,
    // a second press 1 s, rest.
    func levels(_ ms: Double) -> (Double, Double) {
      func envelope(_ start: Double, _ length: Double) -> Double {
        let u = (ms - start) / 150
        let down = (start + length - ms) / 150
        return max(0, min(1, u, down))
      }
      let first = envelope(1500, 1500)
      let second = envelope(4500, 1000)
      let force = press * max(first, second)
      let balance = first > 0 ? roll * min(1, max(0, (ms - 1800) / 300)) : 0
      return (force * (1 - balance), force * (1 + balance))
    }
    var faulty = SensorModel(profile: .typical, seed: seed, faults: [fault])
    var clean = SensorModel(profile: .typical, seed: seed)
    var (engine, _, t0) = try calibratedEngine(&faulty)
    var (cleanEngine, _, _) = try calibratedEngine(&clean)
    var outcome = Outcome()
    var valueAtFault: Int32?
    var cleanAtFault: Int32?
    var t = t0
    var secondTouch = false
    while t - t0 < 7000 {
      let ms = t - t0
      let (l, r) = levels(ms)
      let reading = faulty.read(left: l, right: r, timeMs: t)
      let out = engine.step(left: reading.left, right: reading.right)
      let cleanReading = clean.read(left: l, right: r, timeMs: t)
      let cleanOut = cleanEngine.step(left: cleanReading.left, right: cleanReading.right)
      let cellFault = cell == .left ? out.faults.left : out.faults.right
      let inFault = ms + 1000 >= window.startMs && ms + 1000 < window.startMs + faultFor
      if inFault && valueAtFault == nil {
        valueAtFault = out.value
        cleanAtFault = cleanOut.value
      }
      if let start = valueAtFault, outcome.clearedAfterMs == nil {
        outcome.movedDuringFault = max(outcome.movedDuringFault, abs(out.value - start))
        outcome.movedDuringFaultClean = max(outcome.movedDuringFaultClean, abs(cleanOut.value - cleanAtFault!))
      }
      let cellReading = cell == .left ? reading.left : reading.right
      if inFault, outcome.firstSeenAfterMs == nil, kind == "intermittent", cellReading <= 8 {
        outcome.firstSeenAfterMs = ms + 1000 - window.startMs
      }
      if inFault, outcome.reportedAfterMs == nil, cellFault.holds {
        outcome.reportedAfterMs = ms + 1000 - window.startMs
      }
      let end = window.startMs + faultFor
      if ms + 1000 >= end, outcome.reportedAfterMs != nil, outcome.clearedAfterMs == nil, out.faults == .none {
        outcome.clearedAfterMs = ms + 1000 - end
      }
      if ms >= 4500, outcome.clearedAfterMs != nil, out.events.contains(.touchDown) { secondTouch = true }
      if secondTouch, out.events.contains(.commit) { outcome.pickedAgain = true }
      t += frameMs
    }
    return outcome
  }

  /// 4 000 random gestures, 1 000 per kind: each fault is reported within 100 ms, holds
  /// the value (at most one step; for a stuck cell, whose first frames look like a
  /// steady press, and a loose one, which reads well between its breaks, at most one
  /// step beyond what the same gesture without the fault moved), clears within
  /// 100 ms of the cell's recovery, and the next press picks again.
  ///
  /// A loose contact is reported within 100 ms of its first break a frame samples: its
  /// breaks before that were shorter than a frame and passed unseen between samples,
  /// so nothing could have told it from a good cell (Docs/sensor-faults.md). From the
  /// fault's start, 10 of 1 000 are reported after 100 ms, none after 150 ms.
  @Test(arguments: kinds)
  func everyFaultIsReportedHeldAndCleared(kind: String) throws {
    var failures: [String] = []
    var late: [String] = []
    for seed in UInt64(1)...Self.gesturesPerKind {
      let o = try Self.run(kind: kind, seed: seed)
      guard let reported = o.reportedAfterMs else {
        failures.append("seed \(seed): never reported")
        continue
      }
      let allowed: Int32 = kind == "stuck" || kind == "intermittent" ? o.movedDuringFaultClean + 1 : 1
      // A loose contact counts from the first break a frame sampled.
      let visible = kind == "intermittent" ? (o.firstSeenAfterMs ?? 0) : 0
      if reported - visible > 100 || reported > 150 {
        failures.append("seed \(seed): reported after \(reported) ms (first sampled break after \(visible) ms)")
      } else if reported > 100 {
        late.append("seed \(seed): reported after \(reported) ms, its first sampled break after \(visible) ms")
      }
      if o.movedDuringFault > allowed { failures.append("seed \(seed): moved \(o.movedDuringFault) during the fault") }
      guard let cleared = o.clearedAfterMs else {
        failures.append("seed \(seed): never cleared")
        continue
      }
      if cleared > 100 { failures.append("seed \(seed): cleared after \(cleared) ms") }
      if !o.pickedAgain { failures.append("seed \(seed): the next press did not pick") }
    }
    #expect(
      failures.isEmpty,
      "\(kind): \(failures.count) of \(Self.gesturesPerKind): \(failures.prefix(8).joined(separator: "; "))")
    if !late.isEmpty {
      print("\(kind): \(late.count) of \(Self.gesturesPerKind) reported after 100 ms from the fault's start")
    }
    #expect(
      late.count * 1000 <= Int(Self.gesturesPerKind) * 15,
      "\(kind): \(late.count) of \(Self.gesturesPerKind) after 100 ms: \(late.prefix(8).joined(separator: "; "))")
  }
}

import CEnginePeer
import ForceEngine
import ForceTestSupport
import ForceTrace
import Testing

/// The C peer of the thumb-roll frame path (Benchmarks/CPeer), which Tools/bench-cycles
/// prices against the engine on the Cortex-M0, computes the same thing: byte-identical
/// `sim run` CSV on every golden trace it covers, on random thumb-roll traces and on
/// traces that break the cells and move their rest level, with rest tracking and fault
/// detection on (the defaults).
@Suite struct EnginePeerTests {
  /// The golden traces that run the default technique, the one the peer implements.
  static let covered = GoldenTraceTests.names.filter { name in
    (try? GoldenTraceTests.load(name).parameters.technique) == .thumbRoll
  }

  @Test func coversTheThumbRollGoldenTraces() {
    #expect(
      Self.covered.sorted() == [
        "boost-quick-release", "fault-floating", "fault-intermittent", "fault-open", "fault-railed", "fault-stuck",
        "press-500", "tap", "thumb-roll",
      ])
  }

  @Test(arguments: covered)
  func matchesTheGoldenTraceByteForByte(name: String) throws {
    let trace = try Self.load(name)
    #expect(trace.parameters[.faultMs] != 0 && trace.parameters[.baselineRate] != 0)
    let peer = try #require(EnginePeer(parameters: trace.parameters))
    #expect(peer.csv(for: trace.input) == trace.expected)
  }

  @Test func matchesTheEngineOnRandomThumbRollTraces() throws {
    var faultEvents = 0
    for seed in UInt64(1)...60 {
      var generator = TraceGenerator(seed: seed)
      var parameters = generator.parameters()
      try parameters.set(.technique, to: Technique.thumbRoll.rawValue)
      let frames = generator.trace(gestures: 3).map { RawFrame(left: $0.left, right: $0.right) }
      let expected = Self.compare(frames, parameters, "seed \(seed)")
      faultEvents += expected.components(separatedBy: "fault:").count - 1
    }
    // Random presses reach the rail now and then: the faults' paths run here too.
    #expect(faultEvents > 0)
  }

  /// Random thumb-roll traces over a random preload, with the sensor parameters random
  /// too, and cells broken at random: held at 0 or at full scale, frozen, or dropping to
  /// 0 in short bursts.
  @Test func matchesTheEngineOnRandomTracesWithBrokenCells() throws {
    var kinds = Set<String>()
    for seed in UInt64(1)...40 {
      var generator = TraceGenerator(seed: 1000 + seed)
      var parameters = generator.parameters()
      let preload = generator.int(0...60)
      try parameters.set([
        (.technique, Technique.thumbRoll.rawValue),
        (.leftOffset, Int32(preload + generator.int(0...12))), (.rightOffset, Int32(preload + generator.int(0...12))),
        (.baselineRate, Int32(generator.chance(0.2) ? 0 : generator.int(1...30))),
        (.baselineLimit, Int32(generator.int(0...120))),
        (.faultMs, Int32(generator.chance(0.1) ? 0 : generator.int(5...100))),
        (.railLevel, Int32(generator.int(900...1023))),
      ])
      let noise = generator.int(1...3)
      var frames = generator.trace(gestures: 4).map { frame in
        RawFrame(
          left: UInt16(min(1023, Int(frame.left) + preload + generator.int(-noise...noise) + noise)),
          right: UInt16(min(1023, Int(frame.right) + preload + generator.int(-noise...noise) + noise)))
      }
      for _ in 0..<generator.int(2...6) {
        let cell: WritableKeyPath<RawFrame, UInt16> = generator.chance(0.5) ? \.left : \.right
        let start = generator.int(1...frames.count - 1)
        let end = min(frames.count, start + (generator.chance(0.2) ? generator.int(200...400) : generator.int(1...80)))
        switch generator.int(0...4) {
        case 4:  // the pin floats: only the probe frames (pulled) can tell
          let floating = cell == \.left
          for index in start..<end {
            let frame = frames[index]
            frames[index].pulled = PulledReadings(
              left: floating ? 1023 : frame.left, right: floating ? frame.right : 1023)
          }
        case 0, 1:
          let value: UInt16 = generator.chance(0.5) ? 0 : 1023
          for index in start..<end { frames[index][keyPath: cell] = value }
        case 2:
          let value = frames[start - 1][keyPath: cell]
          for index in start..<end { frames[index][keyPath: cell] = value }
        default:
          let period = generator.int(3...12)
          for index in start..<end where (index - start) % period < 2 { frames[index][keyPath: cell] = 0 }
        }
      }
      let expected = Self.compare(frames, parameters, "seed \(seed)")
      for kind in ["open", "railed", "stuck", "intermittent", "drifted", "floating"] where expected.contains("-\(kind)")
      {
        kinds.insert(kind)
      }
    }
    #expect(kinds.count >= 4 && kinds.contains("floating"), "faults seen: \(kinds.sorted())")
  }

  /// Random thumb-roll gestures pressed through `typical` sensors (preload, spread,
  /// hysteresis, noise), read with `fsr_law` on and the offsets at each device's rest:
  /// the peer's law is the engine's, to the byte.
  @Test func matchesTheEngineWithTheFSRLawOnTypicalSensors() throws {
    var changed = 0
    for seed in UInt64(1)...30 {
      var generator = TraceGenerator(seed: 2000 + seed)
      var parameters = generator.parameters()
      var sensor = SensorModel(profile: .typical, seed: seed)
      let rest = sensor.preloadCounts
      try parameters.set([
        (.technique, Technique.thumbRoll.rawValue), (.fsrLaw, 1),
        (.leftOffset, Int32(rest.left.rounded()) + 8), (.rightOffset, Int32(rest.right.rounded()) + 8),
        (.leftGain, Int32(generator.int(800...1300))), (.rightGain, Int32(generator.int(800...1300))),
      ])
      let frames = sensor.apply(to: generator.trace(gestures: 3).map { RawFrame(left: $0.left, right: $0.right) })
      let expected = Self.compare(frames, parameters, "seed \(seed)")
      try parameters.set(.fsrLaw, to: 0)
      if expected != Self.compare(frames, parameters, "seed \(seed), law off") { changed += 1 }
    }
    #expect(changed >= 25, "the law changed the output of \(changed) of 30 traces")
  }

  /// The sensor traces (`SensorTrace`), each under the defaults it was built for, with
  /// fault detection off and with rest tracking off.
  @Test(arguments: SensorTrace.names)
  func matchesTheEngineOnSensorFaultTraces(name: String) throws {
    let trace = try SensorTrace(name)
    let expected = Self.compare(trace.frames, trace.parameters, name)
    // Not vacuous: the trace does what it was built for.
    for token in trace.expectedTokens {
      #expect(expected.contains(token), "\(name): no \(token) in the engine's output")
    }
    for check in trace.restChecks {
      var engine = ForceEngine(parameters: trace.parameters)
      for frame in trace.frames.prefix(check.frames) { _ = engine.step(left: frame.left, right: frame.right) }
      let left = engine.restLevels.left - trace.parameters[.leftOffset]
      let right = engine.restLevels.right - trace.parameters[.rightOffset]
      #expect(check.moved.contains(left) && check.moved.contains(right), "\(name): rest moved \(left), \(right)")
    }
    for (id, off) in [(ParameterID.faultMs, "fault detection off"), (.baselineRate, "rest tracking off")] {
      var parameters = trace.parameters
      try parameters.set(id, to: 0)
      let text = Self.compare(trace.frames, parameters, "\(name), \(off)")
      if id == .faultMs {  // rest tracking may still report `drifted`, which does not hold
        for held in [",fault,", "open", "railed", "stuck", "intermittent"] {
          #expect(!text.contains(held), "\(name), \(off): \(held)")
        }
      }
    }
  }

  @Test func refusesTheTechniquesItLeavesOut() throws {
    for technique in [Technique.pulse, .pressThrough, .twoButton, .wrap, .positional] {
      var parameters = Parameters.defaults
      try parameters.set(.technique, to: technique.rawValue)
      #expect(EnginePeer(parameters: parameters) == nil)
    }
  }

  static func load(_ name: String) throws -> (input: [RawFrame], parameters: Parameters, expected: String) {
    try GoldenTraceTests.load(name)
  }

  /// Runs the engine and the peer over `frames`; records the first differing row, or
  /// different learned rest levels at the end. Returns the engine's CSV.
  @discardableResult
  static func compare(_ frames: [RawFrame], _ parameters: Parameters, _ label: String) -> String {
    var engine = ForceEngine(parameters: parameters)
    var readings: [RawFrame] = []
    var outputs: [FrameOutput] = []
    for frame in frames {  // as `Simulation.run`
      let (output, shown) = Simulation.step(&engine, frame)
      outputs.append(output)
      readings.append(RawFrame(left: shown.left, right: shown.right))
    }
    let expected = OutputCSV.text(frames: readings, outputs: outputs, unitsPerItem: engine.unitsPerItem)
    #expect(expected == Simulation(parameters: parameters).csv(for: frames), "\(label): not as sim run")
    guard var peer = EnginePeer(parameters: parameters) else {
      Issue.record("\(label): the peer refused the parameters")
      return expected
    }
    let actual = peer.run(frames)
    let expectedRows = expected.split(separator: "\n")
    let actualRows = actual.split(separator: "\n")
    #expect(actualRows.count == expectedRows.count, "\(label)")
    if let first = zip(actualRows, expectedRows).first(where: { $0 != $1 }) {
      Issue.record("\(label): first difference\n  engine \(first.1)\n  peer   \(first.0)")
    }
    #expect(peer.restLevels == engine.restLevels, "\(label): learned rest levels")
    return expected
  }
}

/// Traces at 200 Hz that exercise rest tracking and fault detection (Docs/sensor-faults.md):
/// a `GestureScript` with noise, rendered frame-exact, then cells broken frame by frame.
/// The ones with a preload rest both cells at ~40 counts (offsets 48: the calibration
/// sits above the rest by its noise margin) with noise for 1.5 s first, so the engine
/// has settled, learned the rest reading (the open level, ~10) and seen noise at rest
/// (stuck detection armed).
struct SensorTrace {
  static let names = [
    "railed-mid-press", "open-mid-press-and-at-rest", "stuck-mid-press-and-at-rest", "intermittent-bursts",
    "rest-creep", "rest-creep-to-the-limit",
  ]

  var frames: [RawFrame] = []
  var parameters = Parameters.defaults
  /// What the engine's CSV must contain.
  var expectedTokens: [String] = []
  /// Where each cell's learned rest level must be after so many frames, relative to
  /// its offset parameter.
  var restChecks: [(frames: Int, moved: ClosedRange<Int32>)] = []

  init(_ name: String) throws {
    var script = Script()
    switch name {
    case "railed-mid-press":  // the defaults: no preload, the cells read 0 at rest
      script.hold(0, 0, ms: 300)
      script.ramp(to: 320, 280, ms: 100)
      script.hold(ms: 600)
      script.ramp(to: 250, 420, ms: 200)
      script.hold(ms: 300)
      script.ramp(to: 0, 0, ms: 40)
      script.hold(ms: 400)
      script.ramp(to: 300, 300, ms: 100)  // a touch after the fault cleared
      script.hold(ms: 300)
      script.ramp(to: 0, 0, ms: 40)
      script.hold(ms: 300)
      frames = script.frames()
      Self.force(&frames, \.left, to: 1023, fromMs: 600, ms: 100)
      expectedTokens = ["release;fault:left-railed", ",fault,", "fault:clear", "touch-down"]
    case "open-mid-press-and-at-rest":
      try preload(&script)
      script.ramp(to: 300, 300, ms: 100)
      script.hold(ms: 600)  // 1600...2200
      script.ramp(to: 40, 40, ms: 100)
      script.hold(ms: 1500)  // 2300...3800: settled from 2800
      frames = script.frames()
      Self.force(&frames, \.right, to: 0, fromMs: 1800, ms: 100)
      Self.force(&frames, \.left, to: 0, fromMs: 3300, ms: 100)
      expectedTokens = ["release;fault:right-open", "fault:left-open", ",fault,", "fault:clear"]
    case "stuck-mid-press-and-at-rest":
      try preload(&script)
      script.ramp(to: 350, 250, ms: 100)
      script.hold(ms: 800)  // 1600...2400
      script.ramp(to: 40, 40, ms: 100)
      script.hold(ms: 1500)  // 2500...4000: settled from 3000
      frames = script.frames()
      Self.freeze(&frames, \.left, fromMs: 1800, ms: 200)
      Self.freeze(&frames, \.right, fromMs: 3300, ms: 200)  // at rest: the noise arming holds
      expectedTokens = ["release;fault:left-stuck", ",fault,", "fault:clear", "fault:right-stuck"]
    case "intermittent-bursts":
      try preload(&script)
      script.ramp(to: 300, 300, ms: 100)
      script.hold(ms: 1000)  // 1600...2600
      script.ramp(to: 40, 40, ms: 100)
      script.hold(ms: 1500)  // 2700...4200
      frames = script.frames()
      // 2 frames of 0 every 30 ms: each too short to make an open cell.
      for burst in 0..<10 {
        Self.force(&frames, \.right, to: 0, fromMs: 1800 + 30 * burst, ms: 10)
        Self.force(&frames, \.left, to: 0, fromMs: 3300 + 30 * burst, ms: 10)
      }
      expectedTokens = ["fault:right-intermittent", "fault:left-intermittent", ",fault,", "fault:clear"]
    case "rest-creep", "rest-creep-to-the-limit":
      try preload(&script, sd: 1)
      script.ramp(to: 80, 80, ms: 20_000)  // 2 counts/s, as fast as the default baseline_rate follows
      script.hold(ms: 2000)  // to 23 500 ms
      script.ramp(to: 40, 40, ms: 1000)
      script.hold(ms: 15_000)
      frames = script.frames()
      if name == "rest-creep" {
        // Followed up by most of the 40 counts, and back down to the band's edge.
        restChecks = [(23_500 / 5, 25...40), (frames.count, 0...12)]
      } else {
        try parameters.set(.baselineLimit, to: 20)
        restChecks = [(23_500 / 5, 20...20), (frames.count, 0...12)]
        expectedTokens = ["left-drifted", "right-drifted", "fault:clear"]
      }
    default:
      throw SensorTraceError.unknown(name)
    }
  }

  /// Both cells at ~40 counts with noise for 1.5 s; offsets 48.
  mutating func preload(_ script: inout Script, sd: Double = 1.5) throws {
    try parameters.set([(.leftOffset, 48), (.rightOffset, 48)])
    script.noise(sd: sd)
    script.ramp(to: 40, 40, ms: 20)
    script.hold(ms: 1480)
  }

  /// Sets one cell to `value` for `ms` from `fromMs`.
  static func force(
    _ frames: inout [RawFrame], _ cell: WritableKeyPath<RawFrame, UInt16>, to value: UInt16, fromMs: Int, ms: Int
  ) {
    for index in fromMs / 5..<(fromMs + ms) / 5 { frames[index][keyPath: cell] = value }
  }

  /// Holds one cell at its reading just before `fromMs` for `ms`.
  static func freeze(_ frames: inout [RawFrame], _ cell: WritableKeyPath<RawFrame, UInt16>, fromMs: Int, ms: Int) {
    force(&frames, cell, to: frames[fromMs / 5 - 1][keyPath: cell], fromMs: fromMs, ms: ms)
  }

  /// A `GestureScript` at 200 Hz built segment by segment from the last levels.
  struct Script {
    var script = GestureScript(sampleRateHz: 200)
    var levels = CellLevels.zero

    mutating func hold(_ left: Double, _ right: Double, ms: Double) {
      levels = CellLevels(left, right)
      hold(ms: ms)
    }

    mutating func hold(ms: Double) {
      script.segments.append(GestureSegment(from: levels, to: levels, durationMs: ms))
    }

    mutating func ramp(to left: Double, _ right: Double, ms: Double) {
      let target = CellLevels(left, right)
      script.segments.append(GestureSegment(from: levels, to: target, durationMs: ms))
      levels = target
    }

    /// Gaussian noise of `sd` counts on the touched cells from here on.
    mutating func noise(sd: Double) {
      script.noise.append(GestureNoise(startMs: script.durationMs, sd: sd, seed: UInt64(script.noise.count + 7)))
    }

    func frames() -> [RawFrame] { script.steppedFrames() }
  }
}

enum SensorTraceError: Error { case unknown(String) }

/// The C peer behind the engine's interface: its outputs as `FrameOutput`s, written
/// by the same CSV writer as `sim run`.
struct EnginePeer {
  var engine = peer_engine()

  init?(parameters: Parameters) {
    let values = (0..<ParameterID.count).map { parameters[ParameterID.at($0)!] }
    precondition(values.count == Int(PEER_PARAMETER_COUNT), "the peer takes \(PEER_PARAMETER_COUNT) parameters")
    guard peer_init(&engine, values) == 0 else { return nil }
  }

  mutating func step(left: UInt16, right: UInt16) -> FrameOutput {
    var out = peer_output()
    peer_step(&engine, left, right, &out)
    let faults = CellFaults(packed: out.faults)!
    var events = EngineEvents()
    events.mask = out.events
    events.velocity = out.velocity
    events.direction = Direction(rawValue: out.event_direction) ?? .up
    events.boostOn = out.boost_on != 0
    events.value = out.event_value
    events.faults = faults
    return FrameOutput(
      force: out.force, state: EngineState(rawValue: out.state)!, direction: Direction(rawValue: out.direction)!,
      value: out.value, fraction: out.fraction, events: events, faults: faults)
  }

  /// The learned rest levels in use as each cell's offset (`ForceEngine.restLevels`).
  var restLevels: (left: Int32, right: Int32) { (engine.left.offset, engine.right.offset) }

  /// The `sim run` CSV for `frames`, as `Simulation.csv` writes it.
  func csv(for frames: [RawFrame]) -> String {
    var peer = self
    return peer.run(frames)
  }

  /// The `sim run` CSV for `frames`, stepping this peer.
  mutating func run(_ frames: [RawFrame]) -> String {
    var text = OutputCSV.header + "\n"
    for (index, frame) in frames.enumerated() {
      let probe = engine.probing != 0
      let reading = frame.readings(pullUps: probe)
      let output = step(left: reading.left, right: reading.right)
      // A probe frame shows its last good readings (`Simulation.step`).
      let last = engine.sensor_last
      let shown =
        probe ? (left: UInt16(truncatingIfNeeded: last), right: UInt16(truncatingIfNeeded: last >> 16)) : reading
      text +=
        OutputCSV.row(
          frame: index, left: shown.left, right: shown.right, output: output, unitsPerItem: engine.units_per_item)
        + "\n"
    }
    return text
  }
}

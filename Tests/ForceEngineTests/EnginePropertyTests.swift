import ForceEngine
import ForceReference
import ForceTestSupport
import PropertyBased
import Testing

/// Properties of `ForceEngine` over random traces and random valid parameter sets
/// (every technique, wrap on and off, random ranges, thresholds, speeds, filters,
/// calibrations), and of `Parameters` validation.
///
/// Traces are lists of `TraceSegment`s, so a failure shrinks to a short trace; the
/// failure message lists the parameters that differ from the defaults and the
/// segments (render them with `TraceGenerator.render(_:noiseSeed:)`).
@Suite struct EnginePropertyTests {
  // MARK: Generators

  static let segment = zip(
    Gen.int(in: 0...9), Gen.int(in: 0...1099), Gen.int(in: 0...200), Gen.int(in: 1...120),
    Gen.int(in: 0...8), Gen.int(in: 0...2)
  ).map { t in
    TraceSegment(kind: t.0, level: t.1, balance: t.2, frames: t.3, noise: t.4, shape: t.5)
  }

  static let segments = segment.array(of: 1...30)

  static let knobs = Gen.int(in: 0...999_999).array(of: ParameterKnobs.count)

  static let noiseSeed = Gen.uint64(in: 0...UInt64.max)

  /// Raw frames for a generated trace, ending with a release so the last touch commits.
  static func frames(_ segments: [TraceSegment], _ seed: UInt64) -> [(left: UInt16, right: UInt16)] {
    TraceGenerator.render(segments + [TraceSegment(left: 0, right: 0, frames: 60)], noiseSeed: seed)
  }

  /// `name=value` for every parameter that differs from the defaults.
  static func describe(_ p: Parameters) -> String {
    (0..<ParameterID.count).compactMap { index -> String? in
      let id = ParameterID.at(index)!
      return p[id] == Parameters.defaults[id] ? nil : "\(id.info.name)=\(p[id])"
    }.joined(separator: " ")
  }

  // MARK: Engine invariants

  /// Every frame-level invariant; the first violations, with their frame index.
  static func invariantViolations(_ p: Parameters, _ frames: [(left: UInt16, right: UInt16)]) -> [String] {
    var engine = ForceEngine(parameters: p)
    let low = p[.rangeMin]
    let high = p[.rangeMax]
    let wraps = p[.wrap] != 0 || p.technique == .wrap
    var previousState = EngineState.idle
    var previousFaults = CellFaults.none
    var previousDirection = Direction.up
    var previousValue = p[.startValue]
    var previousPosition = Double(p[.startValue])
    var problems: [String] = []
    func check(_ condition: Bool, _ frame: Int, _ message: @autoclosure () -> String) {
      if !condition && problems.count < 8 { problems.append("frame \(frame): \(message())") }
    }
    for (index, raw) in frames.enumerated() {
      let out = engine.step(left: raw.left, right: raw.right)
      let e = out.events
      let milli = Int(out.positionMilli(unitsPerItem: engine.unitsPerItem))
      let position = Double(out.value) + Double(out.fraction) / Double(engine.unitsPerItem)
      let state = out.state
      let moving: Set<EngineState> = [.scrolling, .boosted, .paused]

      // Position and value (SPEC §5).
      if wraps {
        check(
          position >= Double(low) - 0.5 && position < Double(high) + 0.5, index,
          "wrapped position \(position) outside [\(low) − ½, \(high) + ½)")
      } else {
        check(
          milli >= Int(low) * 1000 && milli <= Int(high) * 1000, index,
          "position \(milli) milli-items outside \(low)…\(high)")
      }
      check(out.value >= low && out.value <= high, index, "value \(out.value) outside \(low)…\(high)")
      check(
        abs(milli - Int(out.value) * 1000) <= 500, index,
        "value \(out.value) is not the rounded position \(milli) milli-items")
      check(
        out.fraction >= -engine.unitsPerItem / 2 && out.fraction < engine.unitsPerItem / 2, index,
        "fraction \(out.fraction) outside ±\(engine.unitsPerItem / 2)")

      // Events and their causes (SPEC §5).
      check(
        e.contains(.value) == (out.value != previousValue), index,
        "value event \(e.contains(.value)) but value \(previousValue) → \(out.value)")
      if e.contains(.value) || e.contains(.commit) {
        check(e.value == out.value, index, "event payload \(e.value) but value \(out.value)")
      }
      // A fault (Docs/sensor-faults.md) ends a touch without a commit; its end leaves idle.
      let wasTouching = previousState != .idle && previousState != .fault
      let released = state == .idle && wasTouching
      check(e.contains(.commit) == released, index, "commit \(e.contains(.commit)), state \(previousState) → \(state)")
      check(
        e.contains(.release) == (released || (state == .fault && wasTouching)), index,
        "release \(e.contains(.release)), state \(previousState) → \(state)")
      check(
        e.contains(.fault) == (out.faults != previousFaults), index,
        "fault event \(e.contains(.fault)), faults \(previousFaults.rawValue) → \(out.faults.rawValue)")
      if e.contains(.fault) { check(e.faults == out.faults, index, "fault payload \(e.faults.rawValue)") }
      check((state == .fault) == out.faults.holds, index, "state \(state) with faults \(out.faults.rawValue)")
      if previousState == .fault && state != .fault {
        check(state == .idle, index, "a fault cleared into \(state), not idle")
      }
      let touched = previousState == .idle && state != .idle && state != .fault
      check(
        e.contains(.touchDown) == touched, index,
        "touch-down \(e.contains(.touchDown)), state \(previousState) → \(state)")
      if e.contains(.touchDown) {
        check(e.velocity >= 1 && e.velocity <= 127, index, "velocity \(e.velocity)")
      }
      let activated = (previousState == .resting || e.contains(.touchDown)) && moving.contains(state)
      check(
        e.contains(.activate) == activated, index,
        "activate \(e.contains(.activate)), state \(previousState) → \(state)")
      let boostChanged = (state == .boosted) != (previousState == .boosted)
      check(
        e.contains(.boost) == boostChanged, index,
        "boost event \(e.contains(.boost)), state \(previousState) → \(state)")
      if e.contains(.boost) {
        check(e.boostOn == (state == .boosted), index, "boost:\(e.boostOn ? "on" : "off") but state \(state)")
      }
      check(
        e.contains(.direction) == (out.direction != previousDirection), index,
        "direction event \(e.contains(.direction)), direction \(previousDirection) → \(out.direction)")
      if e.contains(.direction) {
        check(e.direction == out.direction, index, "direction:\(e.direction) but direction \(out.direction)")
      }
      if e.contains(.reverse) {
        check(p.technique == .pressThrough, index, "reverse with technique \(p.technique)")
        check(state == .paused && out.direction == .down, index, "reverse but state \(state), \(out.direction)")
      }
      if e.contains(.pulse) { check(p.technique == .pulse, index, "pulse with technique \(p.technique)") }

      // Nothing moves while idle, resting (touch and force coexist) or paused.
      if state == previousState
        && (state == .idle || state == .paused || state == .fault
          || (state == .resting && p.technique != .positional))
      {
        check(position == previousPosition, index, "position moved \(previousPosition) → \(position) while \(state)")
      }

      previousState = state
      previousFaults = out.faults
      previousDirection = out.direction
      previousValue = out.value
      previousPosition = position
    }
    return problems
  }

  @Test func engineInvariantsWithDefaultParameters() async {
    await propertyCheck(count: 150, input: Self.segments, Self.noiseSeed) { segments, seed in
      let problems = Self.invariantViolations(.defaults, Self.frames(segments, seed))
      #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))\nsegments \(segments) noise seed \(seed)")
    }
  }

  @Test func engineInvariantsWithRandomParameters() async {
    await propertyCheck(count: 300, input: Self.knobs, Self.segments, Self.noiseSeed) { knobs, segments, seed in
      let p = TraceGenerator.parameters(from: knobs)
      let problems = Self.invariantViolations(p, Self.frames(segments, seed))
      #expect(
        problems.isEmpty,
        "\(problems.joined(separator: "\n"))\nparameters: \(Self.describe(p))\nsegments \(segments) noise seed \(seed)")
    }
  }

  /// `reset(parameters:)` after any trace under any parameters leaves exactly the
  /// state `init(parameters:)` builds: every stored field (compared through its
  /// reflection), and the same outputs on a second trace.
  @Test func resetInPlaceEqualsAFreshEngine() async {
    await propertyCheck(count: 100, input: Self.knobs, Self.knobs, Self.segments, Self.noiseSeed) {
      oldKnobs, newKnobs, segments, seed in
      let frames = Self.frames(segments, seed)
      let p = TraceGenerator.parameters(from: newKnobs)
      var used = ForceEngine(parameters: TraceGenerator.parameters(from: oldKnobs))
      for frame in frames { _ = used.step(left: frame.left, right: frame.right) }
      used.reset(parameters: p)
      var fresh = ForceEngine(parameters: p)
      #expect(String(reflecting: used) == String(reflecting: fresh), "parameters: \(Self.describe(p))")
      for frame in frames {
        let a = used.step(left: frame.left, right: frame.right)
        let b = fresh.step(left: frame.left, right: frame.right)
        #expect(a == b, "parameters: \(Self.describe(p))\nsegments \(segments) noise seed \(seed)")
        if a != b { return }
      }
    }
  }

  /// The fixed-point engine tracks the float reference (tolerances: `AgreementChecker`).
  @Test func engineTracksReferenceOnRandomTraces() async {
    await propertyCheck(count: 150, input: Self.knobs, Self.segments, Self.noiseSeed) { knobs, segments, seed in
      let p = TraceGenerator.parameters(from: knobs)
      var checker = AgreementChecker(parameters: p)
      checker.run(Self.frames(segments, seed))
      #expect(
        checker.failures.isEmpty,
        "\(checker.failures.joined(separator: "\n"))\nparameters: \(Self.describe(p))\nsegments \(segments) noise seed \(seed)"
      )
    }
  }

  // MARK: Parameters

  /// A parameter index and a value: in its range three times out of four, else anything.
  static let assignment = zip(
    Gen.int(in: 0...(ParameterID.count - 1)), Gen.int(in: 0...3), Gen.int(in: -200_000...200_000)
  )
  .map { t -> (ParameterID, Int32) in
    let id = ParameterID.at(t.0)!
    let info = id.info
    if t.1 == 0 { return (id, Int32(t.2)) }
    let span = Int(info.max) - Int(info.min) + 1
    return (id, Int32(Int(info.min) + ((t.2 % span) + span) % span))
  }

  /// `base` with `batch` stored as it is, without validation (through the layout).
  static func unchecked(_ base: Parameters, _ batch: [(ParameterID, Int32)]) -> Parameters {
    var bytes = [UInt8](repeating: 0, count: Parameters.encodedSize)
    bytes.withUnsafeMutableBytes { base.encode(into: $0) }
    for (id, value) in batch {
      let bits = UInt32(bitPattern: value)
      for byte in 0..<4 { bytes[Int(id.rawValue) * 4 + byte] = UInt8(truncatingIfNeeded: bits >> UInt32(byte * 8)) }
    }
    return bytes.withUnsafeBytes { Parameters(decoding: $0)! }
  }

  static func isValid(_ p: Parameters) -> Bool {
    do { try p.validate(); return true } catch { return false }
  }

  /// A batch of assignments is applied whole (exactly when the result is valid) or not
  /// at all; whatever is accepted validates.
  @Test func batchAssignmentIsAllOrNothing() async {
    await propertyCheck(count: 400, input: Self.knobs, Self.assignment.array(of: 1...6)) { knobs, batch in
      let before = TraceGenerator.parameters(from: knobs)
      let candidate = Self.unchecked(before, batch)
      var p = before
      do throws(ParameterError) {
        try p.set(batch)
        #expect(p == candidate, "accepted \(batch) but stored \(Self.describe(p))")
        #expect(Self.isValid(p), "accepted \(batch), result does not validate")
      } catch {
        #expect(p == before, "rejected \(batch) (\(error)) but changed the parameters")
        #expect(!Self.isValid(candidate), "rejected \(batch) (\(error)) though the result is valid")
        #expect(
          batch.contains { $0.0 == error.parameter } || error.rule != .outOfRange,
          "out-of-range error names \(error.parameter), not an assigned parameter")
      }
    }
  }

  /// The same for one assignment at a time, and for `replace(with:)`.
  @Test func singleAssignmentIsAllOrNothing() async {
    await propertyCheck(count: 400, input: Self.knobs, Self.assignment) { knobs, assignment in
      let before = TraceGenerator.parameters(from: knobs)
      #expect(Self.isValid(before))
      let candidate = Self.unchecked(before, [assignment])
      var p = before
      do {
        try p.set(assignment.0, to: assignment.1)
        #expect(p == candidate && Self.isValid(p))
      } catch {
        #expect(p == before && !Self.isValid(candidate))
      }
      var q = before
      do {
        try q.replace(with: candidate)
        #expect(q == candidate && Self.isValid(q))
      } catch {
        #expect(q == before && !Self.isValid(candidate))
      }
    }
  }

  // MARK: Minimal traces of engine bugs found by the properties above

  /// Positional technique at full scale: the Q16 slope is rounded up
  /// (100·65 536/818 = 8011.7 → 8012), so F = 1023 maps to 100.0033 items and the
  /// engine reports position 100.003 with range_max = 100 (the value is capped, the
  /// fraction is not). Found by `engineInvariantsWithRandomParameters`.
  @Test func positionalPositionStaysInsideRangeAtFullScale() throws {
    var p = Parameters.defaults
    try p.set(.technique, to: Technique.positional.rawValue)
    let frames = TraceGenerator.render([TraceSegment(left: 1023, right: 0, frames: 19, shape: .step)])
    let problems = Self.invariantViolations(p, frames)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  /// Two-button: after a left-cell touch (direction down) is released, a new left
  /// press that reaches rest within the onset window gets touch-down (direction reset
  /// to up) and activation (direction down again) in the same frame. The engine keeps
  /// one direction bit a frame and reports `direction:down` although the direction
  /// was down before and after. Found by `engineInvariantsWithRandomParameters` and
  /// `engineTracksReferenceOnRandomTraces`.
  @Test func directionEventOnlyWhenDirectionChangesOnQuickRetouch() throws {
    var p = Parameters.defaults
    try p.set(.technique, to: Technique.twoButton.rawValue)
    let frames = TraceGenerator.render([
      TraceSegment(left: 300, right: 0, frames: 40, shape: .step),
      TraceSegment(left: 0, right: 0, frames: 30, shape: .step),
      TraceSegment(left: 300, right: 0, frames: 20, shape: .step),
    ])
    let problems = Self.invariantViolations(p, frames)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}

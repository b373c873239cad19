import ForceReference
import ForceTestSupport
import Testing

@testable import ForceEngine

/// Runs `ForceEngine` and the floating-point `ReferenceEngine` side by side and checks
/// that the fixed-point engine tracks the reference within stated tolerances.
///
/// ## Tolerances, and where they come from
///
/// **Filtered force: |F_engine − F_reference| ≤ tolF**, with tolF = E_left + E_right + ½,
/// where E is a bound on one smoothed cell's error, carried frame by frame:
///
///     E′ = (1 − α̂)·E + α̂·|x̂ − x| + |α̂ − α|·|x − y| + 1/512
///
/// - α̂ = round(4096·α)/4096 is the engine's Q12 smoothing factor, α the exact one:
///   the error of the update `y += α(x − y)` is (1 − α̂)e + α̂(x̂ − x) + (α̂ − α)(x − y) + ρ;
/// - ρ ≤ ½ Q8 step = 1/512 count is the rounding of the Q8 state update;
/// - x̂ − x is the calibration error (Q16 gain truncated to a whole count, 9-knot
///   linearization table instead of the curve, Q16 sensitivity); 0 with the default
///   calibration (gain 1000, no curve, normal sensitivity), where x̂ = x = raw;
/// - the final ½ is the rounding of the Q8 total to a whole count.
///
/// With the default filter (α = 1/3, α̂ = 1365/4096) the per-cell bound never exceeds
/// (|α̂ − α|·1023 + 1/512)/α̂ ≈ 0.26 count, so tolF < 1.02 and, F being a whole count,
/// **|F_engine − F_reference| ≤ 1 count** (checked as such with default parameters).
/// The slowest filter (α̂ = 20/4096 for 200 ms at 1000 Hz, 1.9 % off α) allows several
/// counts while force moves; the carried bound covers it.
///
/// **Position (rate techniques): |p_engine − p_reference| ≤ tolP**, accumulated over the
/// frames since both models were last idle (where the reference adopts the engine's
/// position): each moving frame adds (2.5 + s·tolF)/(1000·rate) items, where
/// - 2.5 milli-items/s bounds the Q8 slope error over a whole segment (½/256 per count
///   × 1023 counts) plus the rounding of the product (½);
/// - s is the steeper slope of the transfer function (milli-items/s per count), so
///   s·tolF is what the force error can do to the speed.
/// The position itself is exact in the engine (value + fraction in 1/(1000·rate) item).
/// Positional technique: tolP = (range/(1023 − rest))·tolF + 0.01 (Q16 slope).
/// With the default parameters the engine also stays within
/// **0.5 % of the distance travelled + 0.02 item** (checked as such): the force error
/// is a rounding error of either sign, so it averages out over a move.
///
/// **Decisions.** Both models take the same decisions, the engine on quantised
/// quantities and the reference on exact ones, so they may disagree only when a
/// quantity was within its tolerance of the threshold. The reference logs every
/// comparison with its margin; a decision is *ambiguous* when
/// - force against a force threshold: |margin| ≤ tolF;
/// - right − left cell (two-button): |margin| ≤ e_l + e_r, with e = E + ½ (cells are
///   rounded to whole counts);
/// - balance change against ±roll_threshold: |margin| ≤ 1000·(2e/(Σ − 2e) + 2e₀/(Σ₀ − 2e₀))
///   (a cell error e moves B = (r−l)/(r+l) by at most 2e/(Σ − 2e));
/// - a window the engine rounds to whole frames: 0 < |margin| ≤ ½ frame; a quick-rise
///   window (rounded up, 102 instead of 102.3 counts per 16 ms): −1.5 ≤ margin < 0;
/// - tap to step (position against position): |margin| ≤ tolP;
/// - the fall start of a quick release (the last frame whose force did not drop): a
///   force change within 2·tolF of zero since the fall start.
/// Outside ambiguity, every frame must agree: state, direction, event kinds and
/// payloads (direction: the last one set in the frame; the engine keeps one), the
/// value (equal, or within tolP + ½ of the reference position), position within
/// tolP, and the onset velocity within ½ + 0.017 (Q16 scale 8135, truncated from
/// 8136.07) + 127/1023·(calibration error). After an ambiguous decision the frames
/// are still compared; only once they then actually differ is the rest of that touch
/// excused (until both models are idle again and the reference adopts the engine's
/// position and direction). A release whose fall start was ambiguous may differ in
/// its committed value and position. A difference with no ambiguous decision before
/// it in the touch is a failure. Force is compared on every frame, without excuse.
/// The tests also require that most touching frames are compared, so the excuse
/// cannot make them vacuous.
///
/// Observed (40 default traces, 167 touches): max |ΔF| 0.56 count, max |Δp| 0.019 item,
/// at most 0.07 of (0.5 %·distance + 0.02); a 0.3 % error in one slope of the reference
/// makes the check fail on most traces.
struct AgreementChecker {
  let parameters: Parameters
  var engine: ForceEngine
  var reference: ReferenceEngine

  // Constants.
  let alphaExact: Double
  let alphaEngine: Double
  let contactRelease: Double
  let slope: Double
  let positionalSlope: Double
  let wraps: Bool
  let rangeMin: Double
  let rangeMax: Double
  let rate: Double
  let defaultCalibration: Bool

  // Carried bounds.
  var leftBound = 0.0
  var rightBound = 0.0
  var previousReferenceLeft = 0.0
  var previousReferenceRight = 0.0
  var positionBound = 0.0
  var distance = 0.0
  var touchCellTolerance = 0.0
  var touchCalibrationError = 0.0
  var touchForceTolerance = 0.0

  // Segment (from one common idle point to the next).
  var ambiguous = false
  var ambiguityReason = ""
  var diverged = false
  var touchCounted = false
  var previousEngine: FrameOutput?
  var previousReference: ReferenceFrame?

  // Statistics.
  struct Stats {
    var frames = 0
    var touches = 0
    var ambiguousTouches = 0
    var divergedTouches = 0
    var divergenceReasons: [String: Int] = [:]
    var excusedReleases = 0
    var releases = 0
    var touchingFrames = 0
    var comparedTouchingFrames = 0
    var maxForceError = 0.0
    var maxForceTolerance = 0.0
    var maxPositionError = 0.0
    var maxPositionRatio = 0.0  // error / tolP
    var maxRelativeToDistance = 0.0  // error / (0.005·distance + 0.02)
    var reasons: [String: Int] = [:]
  }
  var stats = Stats()
  var failures: [String] = []
  var frameIndex = 0

  /// The reference models the signal chain, not the sensor's health: rest tracking and
  /// fault detection (Docs/sensor-faults.md, tested by `SensorHealthTests`) are off here.
  init(parameters given: Parameters) {
    var parameters = given
    try! parameters.set([(.baselineRate, 0), (.faultMs, 0)])
    self.parameters = parameters
    engine = ForceEngine(parameters: parameters)
    reference = ReferenceEngine(parameters: parameters)
    let rate = Double(parameters[.sampleRateHz])
    self.rate = rate
    alphaExact = 1000 / (Double(parameters[.filterMs]) * rate + 1000)
    alphaEngine = Double(engine.config.filter.alpha) / 4096
    contactRelease = Double(parameters[.contactThreshold] - parameters[.hysteresis])
    slope = max(reference.transfer.normalSlope, reference.transfer.boostSlope)
    positionalSlope =
      Double(parameters[.rangeMax] - parameters[.rangeMin]) / Double(1023 - parameters[.restThreshold])
    wraps = parameters[.wrap] != 0 || parameters.technique == .wrap
    rangeMin = Double(parameters[.rangeMin])
    rangeMax = Double(parameters[.rangeMax])
    defaultCalibration =
      parameters[.leftGain] == 1000 && parameters[.rightGain] == 1000 && parameters[.leftCurve] == 0
      && parameters[.rightCurve] == 0 && parameters.sensitivity == .normal && parameters[.fsrLaw] == 0
  }

  /// The engine's position in items.
  func position(_ output: FrameOutput) -> Double {
    Double(output.value) + Double(output.fraction) / Double(engine.unitsPerItem)
  }

  /// Distance between positions (around the range when it wraps).
  func gap(_ a: Double, _ b: Double) -> Double {
    let d = abs(a - b)
    guard wraps else { return d }
    let span = rangeMax - rangeMin + 1
    return min(d, span - d)
  }

  mutating func fail(_ message: String) {
    if failures.count < 12 { failures.append("frame \(frameIndex): \(message)") }
  }

  /// Runs a whole trace.
  mutating func run(_ frames: [(left: UInt16, right: UInt16)]) {
    for frame in frames { step(left: frame.left, right: frame.right) }
  }

  mutating func step(left rawLeft: UInt16, right rawRight: UInt16) {
    frameIndex += 1
    stats.frames += 1
    let out = engine.step(left: rawLeft, right: rawRight)
    let ref = reference.step(left: rawLeft, right: rawRight)

    // Force bound, carried through the filter.
    let calibrationLeft = abs(
      Double(
        CellShape.shape(&engine.config.leftShape, engine.config.left.linear(rawLeft), engine.config.left))
        - ref.calibratedLeft)
    let calibrationRight = abs(
      Double(
        CellShape.shape(&engine.config.rightShape, engine.config.right.linear(rawRight), engine.config.right))
        - ref.calibratedRight)
    let mismatch = abs(alphaEngine - alphaExact)
    leftBound =
      (1 - alphaEngine) * leftBound + alphaEngine * calibrationLeft
      + mismatch * abs(ref.calibratedLeft - previousReferenceLeft) + 1.0 / 512
    rightBound =
      (1 - alphaEngine) * rightBound + alphaEngine * calibrationRight
      + mismatch * abs(ref.calibratedRight - previousReferenceRight) + 1.0 / 512
    previousReferenceLeft = ref.left
    previousReferenceRight = ref.right
    let tolF = leftBound + rightBound + 0.5 + 1e-9
    let cellTolerance = max(leftBound, rightBound) + 0.5 + 1e-9
    let forceError = abs(Double(out.force) - ref.force)
    stats.maxForceError = max(stats.maxForceError, forceError)
    stats.maxForceTolerance = max(stats.maxForceTolerance, tolF)
    if forceError > tolF {
      fail("force \(out.force) vs reference \(ref.force), tolerance \(tolF)")
    }

    if !touchCounted && (out.events.contains(.touchDown) || ref.contains(.touchDown)) {
      touchCounted = true
      stats.touches += 1
    }
    touchCellTolerance = max(touchCellTolerance, cellTolerance)
    touchForceTolerance = max(touchForceTolerance, tolF)
    touchCalibrationError = max(touchCalibrationError, calibrationLeft + calibrationRight)

    // Position bound.
    if parameters.technique == .positional {
      positionBound = positionalSlope * touchForceTolerance + 0.01
    } else if ref.velocity != 0 || ref.state == .scrolling || ref.state == .boosted {
      positionBound += (2.5 + slope * tolF) / (1000 * rate)
    }
    if let previousReference { distance += gap(ref.position, previousReference.position) }

    // Judge this frame's decisions.
    if !ambiguous, let reason = ambiguousDecision(ref, tolF: tolF) {
      ambiguous = true
      ambiguityReason = reason
      stats.reasons[reason, default: 0] += 1
    }
    var excuseRelease = false
    if let release = ref.release {
      let limit = 2 * touchForceTolerance
      let steps = release.fallSteps
      if steps.enumerated().contains(where: { $0.offset == 0 ? $0.element <= limit : $0.element >= -limit }) {
        excuseRelease = true
        stats.excusedReleases += 1
      }
    }
    if ref.release != nil { stats.releases += 1 }

    let touching = out.state != .idle || ref.state != .idle
    if touching { stats.touchingFrames += 1 }
    if !diverged {
      let problems = compare(out, ref)
      if problems.isEmpty {
        if touching { stats.comparedTouchingFrames += 1 }
        let error = gap(position(out), ref.position)
        stats.maxPositionError = max(stats.maxPositionError, error)
        stats.maxPositionRatio = max(stats.maxPositionRatio, error / max(positionBound, 1e-12))
        stats.maxRelativeToDistance = max(stats.maxRelativeToDistance, error / (0.005 * distance + 0.02))
      } else if ambiguous || excuseRelease {
        diverged = true  // a legitimate divergence: stop comparing until both are idle
        stats.divergedTouches += 1
        stats.divergenceReasons[excuseRelease && !ambiguous ? "fall start" : ambiguityReason, default: 0] += 1
      } else {
        for problem in problems { fail(problem) }
      }
    }
    previousEngine = out
    previousReference = ref

    // Resynchronise at a common idle point (neither model in an onset window): the
    // next touch starts from the engine's position and direction.
    let engineQuiet = out.state == .idle && Double(out.force) < contactRelease
    let referenceQuiet = ref.state == .idle && ref.force < contactRelease
    if engineQuiet && referenceQuiet {
      if ambiguous { stats.ambiguousTouches += 1 }
      ambiguous = false
      diverged = false
      touchCounted = false
      positionBound = 0
      distance = 0
      touchCellTolerance = 0
      touchCalibrationError = 0
      touchForceTolerance = 0
      reference.resynchronise(position: position(out), direction: out.direction)
      previousReference = nil
    }
  }

  /// The first ambiguous decision of this frame, if any.
  func ambiguousDecision(_ ref: ReferenceFrame, tolF: Double) -> String? {
    for decision in ref.decisions {
      let m = decision.margin
      let isAmbiguous: Bool
      switch decision.kind {
      case .force:
        isAmbiguous = abs(m) <= tolF
      case .cells:
        isAmbiguous = abs(m) <= 2 * touchCellTolerance
      case .balance(let sum, let neutralSum):
        let e = touchCellTolerance
        if sum <= 2 * e || neutralSum <= 2 * e {
          isAmbiguous = true
        } else {
          isAmbiguous = abs(m) <= 1000 * (2 * e / (sum - 2 * e) + 2 * e / (neutralSum - 2 * e)) + 1e-9
        }
      case .roundedWindow:
        isAmbiguous = abs(m) > 1e-9 && abs(m) <= 0.5 + 1e-9
      case .riseWindow:
        isAmbiguous = m < -1e-9 && m >= -1.5
      case .position:
        isAmbiguous = abs(m) <= positionBound + 1e-9
      }
      if isAmbiguous { return decision.label }
    }
    return nil
  }

  func compare(_ out: FrameOutput, _ ref: ReferenceFrame) -> [String] {
    var problems: [String] = []
    func fail(_ message: String) { problems.append(message) }
    if out.state != ref.state { fail("state \(out.state) vs reference \(ref.state)") }
    if out.direction != ref.direction { fail("direction \(out.direction) vs reference \(ref.direction)") }
    let ignored = EngineEvents.Kind.value.rawValue
    if out.events.mask & ~ignored != ref.eventMask & ~ignored {
      fail("events \(describe(out.events)) vs reference \(ref.events)")
    }
    for event in ref.events {
      switch event {
      case .touchDown(let velocity):
        // ½ for rounding, 1023·(127·65 536/1023 − 8135)/65 536 ≈ 0.017 for the engine's
        // truncated Q16 scale, and what the calibration error does to the peak.
        let tolerance = 0.5 + 0.017 + 1e-9 + 127.0 / 1023 * touchCalibrationError
        if abs(Double(out.events.velocity) - velocity) > tolerance {
          fail("velocity \(out.events.velocity) vs reference \(velocity)")
        }
      case .boost(let on) where out.events.contains(.boost):
        if out.events.boostOn != on { fail("boost event \(out.events.boostOn) vs \(on)") }
      default: break
      }
    }
    // The engine keeps one direction payload a frame: the last direction set.
    let lastDirection = ref.events.last { if case .direction = $0 { return true } else { return false } }
    if case .direction(let direction)? = lastDirection, out.events.contains(.direction),
      out.events.direction != direction
    {
      fail("direction event \(out.events.direction) vs reference \(direction)")
    }
    let error = gap(position(out), ref.position)
    if error > positionBound + 1e-9 {
      fail("position \(position(out)) vs reference \(ref.position), tolerance \(positionBound)")
    }
    // |value − p_engine| ≤ ½ and |p_engine − p_reference| ≤ tolP.
    if Int(out.value) != ref.value && gap(Double(out.value), ref.position) > positionBound + 0.5 + 1e-9 {
      fail("value \(out.value) vs reference \(ref.value) at \(ref.position), tolerance \(positionBound)")
    }
    return problems
  }

  func describe(_ events: EngineEvents) -> String {
    let names = [
      "touchDown", "activate", "direction", "boost", "pulse", "reverse", "value", "commit", "release", "fault",
    ]
    return (0..<EngineEvents.Kind.count).filter { events.contains(.at($0)) }.map { names[$0] }.joined(separator: ",")
  }
}

@Suite struct ReferenceAgreementTests {
  /// Totals over several traces.
  struct Totals: CustomStringConvertible {
    var touches = 0
    var ambiguousTouches = 0
    var divergedTouches = 0
    var divergenceReasons: [String: Int] = [:]
    var releases = 0
    var excusedReleases = 0
    var touchingFrames = 0
    var comparedTouchingFrames = 0
    var maxForceError = 0.0
    var maxForceTolerance = 0.0
    var maxPositionError = 0.0
    var maxPositionRatio = 0.0
    var maxRelativeToDistance = 0.0
    var reasons: [String: Int] = [:]

    mutating func add(_ s: AgreementChecker.Stats) {
      touches += s.touches
      ambiguousTouches += s.ambiguousTouches
      divergedTouches += s.divergedTouches
      for (k, v) in s.divergenceReasons { divergenceReasons[k, default: 0] += v }
      releases += s.releases
      excusedReleases += s.excusedReleases
      touchingFrames += s.touchingFrames
      comparedTouchingFrames += s.comparedTouchingFrames
      maxForceError = max(maxForceError, s.maxForceError)
      maxForceTolerance = max(maxForceTolerance, s.maxForceTolerance)
      maxPositionError = max(maxPositionError, s.maxPositionError)
      maxPositionRatio = max(maxPositionRatio, s.maxPositionRatio)
      maxRelativeToDistance = max(maxRelativeToDistance, s.maxRelativeToDistance)
      for (k, v) in s.reasons { reasons[k, default: 0] += v }
    }

    /// Share of touching frames compared in full.
    var comparedShare: Double { Double(comparedTouchingFrames) / Double(max(touchingFrames, 1)) }

    var description: String {
      "touches \(touches) (with an ambiguous decision \(ambiguousTouches): \(reasons); diverged after it \(divergedTouches): \(divergenceReasons)), releases \(releases) "
        + "(fall start excused \(excusedReleases)), touching frames compared \(comparedTouchingFrames)/\(touchingFrames), "
        + "max |ΔF| \(maxForceError) (bound \(maxForceTolerance)), max |Δp| \(maxPositionError) "
        + "(≤ \(maxPositionRatio) of bound, ≤ \(maxRelativeToDistance) of 0.5 %·distance + 0.02)"
    }
  }

  /// Checks one trace, records its failures, adds its statistics to `totals`.
  static func check(
    _ parameters: Parameters, _ frames: [(left: UInt16, right: UInt16)], label: String,
    into totals: inout Totals, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var checker = AgreementChecker(parameters: parameters)
    checker.run(frames)
    #expect(
      checker.failures.isEmpty, "\(label): \(checker.failures.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
    totals.add(checker.stats)
  }

  @Test func defaultParametersTrackReference() {
    var totals = Totals()
    for seed in UInt64(1)...40 {
      var generator = TraceGenerator(seed: seed)
      Self.check(.defaults, generator.trace(gestures: 4), label: "seed \(seed)", into: &totals)
    }
    print("ReferenceAgreement defaults: \(totals)")
    // Default filter and calibration: the engine's force is within one count.
    #expect(totals.maxForceError <= 1)
    // Over a move: 0.5 % of the distance travelled plus 0.02 item.
    #expect(totals.maxRelativeToDistance <= 1)
    // Not vacuous: most touching frames and many whole touches are compared in full.
    #expect(totals.touches >= 150)
    #expect(totals.comparedShare >= 0.6, "\(totals)")
    #expect(Double(totals.ambiguousTouches) <= 0.75 * Double(totals.touches), "\(totals)")
  }

  @Test(arguments: [Technique.pulse, .pressThrough, .twoButton, .wrap, .positional])
  func everyTechniqueTracksReference(technique: Technique) throws {
    var parameters = Parameters.defaults
    try parameters.set(.technique, to: technique.rawValue)
    var totals = Totals()
    for seed in UInt64(100)...115 {
      var generator = TraceGenerator(seed: seed)
      Self.check(parameters, generator.trace(gestures: 4), label: "\(technique) seed \(seed)", into: &totals)
    }
    print("ReferenceAgreement \(technique): \(totals)")
    #expect(totals.maxForceError <= 1)
    #expect(totals.comparedShare >= 0.5, "\(totals)")
  }

  @Test func randomParametersTrackReference() {
    var totals = Totals()
    for seed in UInt64(1000)...1060 {
      var generator = TraceGenerator(seed: seed)
      let parameters = generator.parameters()
      let frames = generator.trace(gestures: 3, rate: Int(parameters[.sampleRateHz]))
      Self.check(parameters, frames, label: "seed \(seed) \(parameters)", into: &totals)
    }
    print("ReferenceAgreement random parameters: \(totals)")
    #expect(totals.comparedShare >= 0.3, "\(totals)")
  }

  /// SPEC §3 table in items/s.
  static func tableSpeed(_ force: Double) -> Double {
    if force < 205 { return 0 }
    if force < 818 { return 14.0625 * (force - 205) / (818 - 205) }
    if force < 1023 { return 36.0665 + (43.4011 - 36.0665) * (force - 818) / (1023 - 818) }
    return 43.4011
  }

  /// Holds `force` (left = right = force/2) after touching down, approaching it from
  /// `approach` if given; returns the engine's and the reference's outputs.
  static func hold(
    _ force: Int, approach: Int? = nil, _ parameters: Parameters
  ) -> ([FrameOutput], [ReferenceFrame]) {
    var engine = ForceEngine(parameters: parameters)
    var reference = ReferenceEngine(parameters: parameters)
    var outputs: [FrameOutput] = []
    var references: [ReferenceFrame] = []
    for frame in 0..<(200 + 400) {
      let level = frame < 10 ? 0 : (frame < 60 ? (approach ?? force) : force)
      let left = UInt16(level / 2)
      let right = UInt16(level - level / 2)
      outputs.append(engine.step(left: left, right: right))
      references.append(reference.step(left: left, right: right))
    }
    return (outputs, references)
  }

  /// Constant forces across both zones and the plateau: speed over 2 s of steady
  /// output (frames 199…599, after 1 s to settle) is within 1 % of SPEC §3 and within
  /// 0.1 % of the reference.
  ///
  /// F = 818 is the boost threshold itself. The exact filter approaches a constant
  /// input from below without ever reaching it, so from a rising press the reference
  /// stays a hair under 818 (normal zone) while the engine's rounded force reaches
  /// 818 (boosted): a legitimate divergence within the 1-count tolerance, checked as
  /// such. Approached from above (850, then 818), both are boosted and are compared.
  @Test(arguments: [250, 400, 500, 700, 817, 818, 900, 1000, 1023])
  func steadyStateSpeed(force: Int) throws {
    var parameters = Parameters.defaults
    try parameters.set([(.rangeMin, 0), (.rangeMax, 30_000), (.startValue, 0)])
    let approach = force == 818 ? 850 : nil
    let (outputs, references) = Self.hold(force, approach: approach, parameters)
    let first = 199
    let last = 599
    #expect(outputs[last].force == Int16(force))
    #expect(abs(references[last].force - Double(force)) < 1e-9)
    #expect(outputs[last].state == (force >= 818 ? .boosted : .scrolling))
    #expect(references[last].state == outputs[last].state)
    let units = ForceEngine(parameters: parameters).unitsPerItem
    let engineSpeed =
      Double(outputs[last].positionMilli(unitsPerItem: units) - outputs[first].positionMilli(unitsPerItem: units))
      / 1000 / 2
    let referenceSpeed = (references[last].position - references[first].position) / 2
    let table = Self.tableSpeed(Double(force))
    #expect(abs(engineSpeed - table) <= 0.01 * table, "engine \(engineSpeed) vs SPEC §3 \(table) items/s")
    #expect(
      abs(engineSpeed - referenceSpeed) <= 0.001 * referenceSpeed,
      "engine \(engineSpeed) vs reference \(referenceSpeed) items/s")
    #expect(abs(referenceSpeed - table) <= 0.001 * table, "reference \(referenceSpeed) vs SPEC §3 \(table)")
  }

  /// The F = 818 divergence from a rising press, pinned: the engine boosts, the
  /// reference stays within one count below the threshold and does not.
  @Test func boostThresholdFromBelowIsAWithinToleranceDivergence() {
    let (outputs, references) = Self.hold(818, .defaults)
    #expect(outputs[599].state == .boosted)
    #expect(references[599].state == .scrolling)
    #expect(references[599].force < 818 && references[599].force > 817)
  }
}

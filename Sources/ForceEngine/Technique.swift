/// How the thumb chooses the direction of motion (Docs/techniques.md).
///
/// A technique is declared here: its number (the raw value), and in `traits` its name,
/// whether the simulated study runs it, whether the benchmarks time it and the facts
/// other modules model it by; the engine's per-technique behaviour is
/// `chooseDirection` below. Every other per-technique decision (the reference engine,
/// the simulated users) is a switch over every technique, so the compiler lists each
/// place a new one must be handled. Append new techniques at the end; the
/// `technique` parameter's range follows `count`.
public enum Technique: Int32, Sendable {
  /// Roll the thumb right for up, left for down.
  case thumbRoll = 0
  /// A quick press-and-release toggles direction.
  case pulse = 1
  /// Pressing through to the maximum reverses; easing off then moves down.
  case pressThrough = 2
  /// Each cell is its own button: right up, left down.
  case twoButton = 3
  /// Up only; past the maximum the value wraps to the minimum.
  case wrap = 4
  /// Force maps directly onto the range (short lists).
  case positional = 5

  /// Number of techniques (raw values 0..<count).
  public static let count: Int32 = 6

  /// The technique with raw value `index`, or nil past the end.
  @inlinable
  public static func at(_ index: Int32) -> Technique? { Technique(rawValue: index) }

  /// What is known about each technique, in one place: its name, whether the
  /// simulated study runs it and the benchmarks time it, whether the value always
  /// wraps, whether force sets the position (instead of a rate), and whether the
  /// person chooses the direction. Modules that model a technique (the reference
  /// engine, the simulated users) read these or switch over every technique, so a
  /// new one does not compile until each has decided what it does.
  var traits:
    (name: StaticString, inStudy: Bool, benchmarked: Bool, wraps: Bool, positional: Bool, choosesDirection: Bool)
  {
    switch self {
    case .thumbRoll: return ("thumb-roll", true, true, false, false, true)
    case .pulse: return ("pulse", true, true, false, false, true)
    case .pressThrough: return ("press-through", true, true, false, false, true)
    case .twoButton: return ("two-button", true, true, false, false, true)
    case .wrap: return ("wrap", false, true, true, false, false)
    case .positional: return ("positional", false, true, false, true, false)
    }
  }

  /// Public name, as used by `--set technique=NAME`.
  public var name: StaticString { traits.name }
  /// Whether the simulated study (`sim study`) runs it by default.
  public var isInStudy: Bool { traits.inStudy }
  /// Whether the engine benchmarks (`Tools/bench-engine`) time it.
  public var isBenchmarked: Bool { traits.benchmarked }
  /// Whether the value wraps past the range's ends whatever the `wrap` parameter says.
  public var alwaysWraps: Bool { traits.wraps }
  /// Whether force sets the position directly (short lists) instead of a rate.
  public var isPositional: Bool { traits.positional }
  /// Whether the person chooses the direction of motion (not: up only, or positional).
  public var choosesDirection: Bool { traits.choosesDirection }
}

extension ForceEngine {
  /// The per-technique part of a frame in the rate zones: how the direction is chosen.
  @inline(always)
  mutating func chooseDirection(force: Int32, _ cellLeft: Int32, _ cellRight: Int32, _ events: inout EngineEvents) {
    // The default technique inline; the others out of line, so the frame path holds
    // no jump table and `events` stays in registers.
    if config.technique == .thumbRoll {
      if let rolled = roll(cellLeft, cellRight) { setDirection(rolled, &events) }
      return
    }
    events.mask ^= ForceEngine.chooseOtherDirection(&self, force: force, cellLeft, cellRight)
  }

  /// `chooseDirection` for every technique but thumb-roll; returns the events it
  /// raised, to be toggled into the frame's (`setDirection` toggles its bit). Static, so the engine travels in an argument register, not in r10.
  @inline(never)
  static func chooseOtherDirection(
    _ engine: inout ForceEngine, force: Int32, _ cellLeft: Int32, _ cellRight: Int32
  ) -> UInt16 {
    var events = EngineEvents()
    switch engine.config.technique {
    case .twoButton:
      if cellRight > cellLeft {
        engine.setDirection(.up, &events)
      } else if cellLeft > cellRight {
        engine.setDirection(.down, &events)
      }
    case .pulse:
      if !engine.pulsePeakReached, force >= EngineConfig.pulsePeak,
        engine.frame &- engine.activationFrame <= UInt32(engine.config.pulseRiseFrames)
      {
        engine.pulsePeakReached = true
      }
    case .pressThrough:
      if !engine.reverse, force >= engine.config.pressThroughLevel,
        engine.frame &- engine.activationFrame <= UInt32(engine.config.pressThroughRiseFrames)
      {
        engine.reverse = true
        engine.paused = true
        events.insert(.reverse)
        engine.setDirection(.down, &events)
        engine.position = engine.activationPosition  // undo the quick rise's motion
      }
    case .thumbRoll, .wrap, .positional:
      break
    }
    return events.mask
  }

  /// Thumb-roll (Docs/techniques.md): the balance change since the resting neutral, compared
  /// without a division. With B = (r−l)/(r+l) and B0 = (r0−l0)/(r0+l0),
  /// B − B0 > T/1000 ⟺ 2000·(r·l0 − l·r0) > T·(r+l)·(r0+l0).
  /// Bounds: |2000·(r·l0 − l·r0)| ≤ 2000·1023² < 2^31 and T·(r+l)·(r0+l0) ≤
  /// 1000·2046² < 2^32, so 32 bits suffice.
  @inline(always)
  func roll(_ cellLeft: Int32, _ cellRight: Int32) -> Direction? {
    let cross = 2000 &* (cellRight &* neutralLeft &- cellLeft &* neutralRight)
    let scale =
      config.rollThreshold &* UInt32(bitPattern: cellLeft &+ cellRight)
      &* UInt32(bitPattern: neutralLeft &+ neutralRight)
    if cross > 0 && UInt32(bitPattern: cross) > scale { return .up }
    if cross < 0 && UInt32(bitPattern: 0 &- cross) > scale { return .down }
    return nil
  }
}

/// Force-touch sensitivity setting (Docs/signal-chain.md): the same full scale, reached with
/// less (light) or more (firm) force.
public enum Sensitivity: Int32, Sendable {
  /// Multiply by 60/48.
  case light = 0
  /// Multiply by 1.
  case normal = 1
  /// Multiply by 60/72.
  case firm = 2

  /// Number of settings (raw values 0..<count).
  public static let count: Int32 = 3

  /// Public name, as used by `--set sensitivity=NAME`.
  public var name: StaticString {
    switch self {
    case .light: return "light"
    case .normal: return "normal"
    case .firm: return "firm"
    }
  }

  /// The multiplier in Q16 fixed point.
  @inlinable
  public var gainQ16: Int32 {
    switch self {
    case .light: return 81_920  // 60/48 = 1.25
    case .normal: return 65_536
    case .firm: return 54_613  // 60/72 = 0.8333…
    }
  }
}

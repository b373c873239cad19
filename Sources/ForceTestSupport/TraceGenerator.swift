import ForceEngine
import ForceTrace  // SplitMix64: a seeded generator, so a trace is reproducible from its seed

/// One piece of a trace: move both cells from where they are to `left`, `right` over
/// `frames` frames along `shape`, with uniform noise of ±`noise` counts on each cell.
/// A hold is a segment whose target is where the cells already are.
public struct TraceSegment: Equatable, Sendable, CustomStringConvertible {
  /// How a segment moves between its ends.
  public enum Shape: Int, Sendable { case smooth = 0, linear = 1, step = 2 }

  public var left: Int
  public var right: Int
  public var frames: Int
  public var noise: Int
  public var shape: Shape

  public init(left: Int, right: Int, frames: Int, noise: Int = 0, shape: Shape = .smooth) {
    self.left = min(max(left, 0), 1023)
    self.right = min(max(right, 0), 1023)
    self.frames = max(frames, 1)
    self.noise = noise
    self.shape = shape
  }

  /// A segment towards total force `total` with balance `balance` (−1 all left …
  /// +1 all right).
  public init(total: Int, balance: Double, frames: Int, noise: Int = 0, shape: Shape = .smooth) {
    let t = Double(total)
    self.init(
      left: Int((t * (1 - balance) / 2).rounded()), right: Int((t * (1 + balance) / 2).rounded()),
      frames: frames, noise: noise, shape: shape)
  }

  /// A segment from generator-friendly integers (for PropertyBased, which shrinks
  /// them towards 0: a shrunk segment is a short, quiet release to 0).
  /// - `kind` 0…9: 0–2 release to 0, 3–4 resting level, 5–9 any level.
  public init(kind: Int, level: Int, balance: Int, frames: Int, noise: Int, shape: Int) {
    let total: Int
    switch kind {
    case 0...2: total = 0
    case 3...4: total = 40 + level % 160
    default: total = level % 1100
    }
    self.init(
      total: total, balance: Double(balance - 100) / 100, frames: frames, noise: noise,
      shape: Shape(rawValue: shape % 3)!)
  }

  public var description: String { "(\(left),\(right))/\(frames)f±\(noise)\(shape == .smooth ? "" : " \(shape)")" }
}

/// Builds smooth random force traces (presses, holds, rolls, releases, noise) and
/// random valid parameter sets, reproducibly from a seed.
public struct TraceGenerator {
  public var rng: SplitMix64

  public init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
  public mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
  public mutating func chance(_ p: Double) -> Bool { double(0...1) < p }

  /// Renders segments into raw frames, starting from (0, 0).
  public static func render(_ segments: [TraceSegment], noiseSeed: UInt64 = 1) -> [(left: UInt16, right: UInt16)] {
    var rng = SplitMix64(seed: noiseSeed)
    var frames: [(left: UInt16, right: UInt16)] = []
    var left = 0.0
    var right = 0.0
    for segment in segments {
      let startLeft = left
      let startRight = right
      for index in 1...segment.frames {
        let t = Double(index) / Double(segment.frames)
        let s: Double
        switch segment.shape {
        case .smooth: s = t * t * (3 - 2 * t)
        case .linear: s = t
        case .step: s = 1
        }
        left = startLeft + (Double(segment.left) - startLeft) * s
        right = startRight + (Double(segment.right) - startRight) * s
        func noisy(_ value: Double) -> UInt16 {
          let jitter = segment.noise == 0 ? 0 : Int.random(in: -segment.noise...segment.noise, using: &rng)
          return UInt16(min(max(Int(value.rounded()) + jitter, 0), 1023))
        }
        frames.append((noisy(left), noisy(right)))
      }
    }
    return frames
  }

  /// One gesture (idle gap, touch, …, release) at `rate` frames per second.
  public mutating func gesture(rate: Int = 200) -> [TraceSegment] {
    func f(_ ms: Double) -> Int { max(1, Int(ms * Double(rate) / 1000)) }
    var segments: [TraceSegment] = []
    let noise = chance(0.3) ? 0 : int(1...6)
    segments.append(TraceSegment(left: 0, right: 0, frames: f(double(30...300)), noise: chance(0.5) ? 0 : 2))
    let balance = double(-0.3...0.3)
    let restLevel = int(50...180)
    // Touch down and rest.
    segments.append(TraceSegment(total: restLevel, balance: balance, frames: f(double(10...60)), noise: noise))
    segments.append(TraceSegment(total: restLevel, balance: balance, frames: f(double(20...200)), noise: noise))
    switch int(0...5) {
    case 0:  // a gentle tap
      segments.append(TraceSegment(total: int(210...420), balance: balance, frames: f(double(10...60)), noise: noise))
      segments.append(TraceSegment(total: restLevel, balance: balance, frames: f(double(10...60)), noise: noise))
    case 1:  // a pulse: quick rise past half scale, quick fall
      segments.append(
        TraceSegment(total: int(520...1000), balance: balance, frames: f(double(15...60)), noise: noise, shape: .linear)
      )
      segments.append(TraceSegment(total: restLevel, balance: balance, frames: f(double(20...200)), noise: noise))
    case 2:  // press through to the maximum, then ease off
      segments.append(
        TraceSegment(
          total: int(1000...1100), balance: balance, frames: f(double(20...80)), noise: noise, shape: .linear))
      segments.append(TraceSegment(total: 1060, balance: balance, frames: f(double(50...400)), noise: noise))
      segments.append(
        TraceSegment(total: int(230...700), balance: balance, frames: f(double(300...1500)), noise: noise))
    case 3:  // one cell only (two-button)
      let right = chance(0.5)
      let level = int(250...1023)
      segments.append(
        TraceSegment(left: right ? 0 : level, right: right ? level : 0, frames: f(double(30...300)), noise: noise))
      segments.append(
        TraceSegment(left: right ? 0 : level, right: right ? level : 0, frames: f(double(100...1000)), noise: noise))
    default:
      break
    }
    // Presses: hold levels across the rate zones, with rolls.
    var current = balance
    for _ in 0..<int(0...4) {
      let total = chance(0.25) ? int(800...1100) : int(180...820)
      if chance(0.5) { current = min(max(balance + double(-0.8...0.8), -1), 1) }
      segments.append(
        TraceSegment(
          total: total, balance: current, frames: f(double(20...400)), noise: noise,
          shape: chance(0.2) ? .linear : .smooth))
      segments.append(TraceSegment(total: total, balance: current, frames: f(double(0...800)), noise: noise))
    }
    // Release: sometimes back to rest first, sometimes a quick lift from a press.
    if chance(0.4) {
      segments.append(TraceSegment(total: restLevel, balance: balance, frames: f(double(30...300)), noise: noise))
    }
    segments.append(
      TraceSegment(left: 0, right: 0, frames: f(chance(0.6) ? double(5...40) : double(40...400)), noise: 0))
    segments.append(TraceSegment(left: 0, right: 0, frames: f(double(20...100)), noise: 0))
    return segments
  }

  /// A trace of `count` gestures.
  public mutating func trace(gestures count: Int, rate: Int = 200) -> [(left: UInt16, right: UInt16)] {
    var segments: [TraceSegment] = []
    for _ in 0..<count { segments += gesture(rate: rate) }
    return TraceGenerator.render(segments, noiseSeed: rng.next())
  }

  /// A random valid parameter set.
  public mutating func parameters() -> Parameters {
    TraceGenerator.parameters(from: (0..<ParameterKnobs.count).map { _ in int(0...999_999) })
  }

  /// A valid parameter set from `ParameterKnobs.count` non-negative integers (any
  /// size; each is reduced into its parameter's range). All-zero knobs give the
  /// defaults, so PropertyBased shrinks towards the defaults.
  public static func parameters(from knobs: [Int]) -> Parameters {
    ParameterKnobs(knobs).parameters
  }
}

/// Maps raw integers onto a valid `Parameters` (every relation of Docs/parameters.md holds by
/// construction). Knob 0 of each group keeps that group at its default.
public struct ParameterKnobs {
  public static let count = 24
  public let k: [Int]

  public init(_ knobs: [Int]) {
    k = (0..<ParameterKnobs.count).map { $0 < knobs.count ? abs(knobs[$0]) : 0 }
  }

  /// `k[i]` reduced into `range`.
  public func pick(_ i: Int, _ range: ClosedRange<Int>) -> Int {
    range.lowerBound + k[i] % (range.upperBound - range.lowerBound + 1)
  }

  public var parameters: Parameters {
    var p = Parameters.defaults
    var set: [(ParameterID, Int32)] = []
    func put(_ id: ParameterID, _ value: Int) { set.append((id, Int32(value))) }
    if k[0] != 0 { put(.sampleRateHz, [200, 50, 100, 120, 250, 333, 500, 1000, 60, 75][k[0] % 10]) }
    put(.technique, k[1] % 6)
    put(.sensitivity, [1, 0, 2][k[2] % 3])
    if k[3] % 2 == 1 {
      // Thresholds: contact > hysteresis, rest > contact + h, boost > rest + h.
      let contact = pick(4, 5...150)
      let hysteresis = pick(5, 0...min(contact - 1, 30))
      let rest = contact + hysteresis + 1 + pick(6, 0...450)
      let boost = rest + hysteresis + 1 + pick(7, 0...(1022 - rest - hysteresis - 1))
      put(.contactThreshold, contact)
      put(.hysteresis, hysteresis)
      put(.restThreshold, rest)
      put(.boostThreshold, boost)
      put(.pressThroughLevel, rest + hysteresis + 1 + pick(8, 0...(1023 - rest - hysteresis - 1)))
    }
    if k[9] % 2 == 1 {
      let normal = pick(10, 1000...30_000)
      let boostMin = normal + pick(11, 0...30_000)
      put(.speedNormalMax, normal)
      put(.speedBoostMin, boostMin)
      put(.speedBoostMax, boostMin + pick(12, 0...(100_000 - boostMin)))
    }
    put(.rollThreshold, k[13] == 0 ? 150 : pick(13, 0...600))
    put(.filterMs, k[14] == 0 ? 10 : pick(14, 0...200))
    put(.quickReleaseMs, k[15] == 0 ? 100 : pick(15, 0...1000))
    put(.pulseWindowMs, k[16] == 0 ? 300 : pick(16, 50...2000))
    if k[17] != 0 {
      let low = pick(17, -300...300)
      let high = low + 1 + pick(18, 0...300)
      put(.rangeMin, low)
      put(.rangeMax, high)
      put(.startValue, low + pick(19, 0...(high - low)))
    }
    put(.wrap, k[20] % 2)
    if k[21] % 2 == 1 {
      put(.leftOffset, pick(21, 0...80))
      put(.rightOffset, pick(22, 0...80))
      put(.leftGain, pick(21, 700...2500))
      put(.rightGain, pick(22, 700...2500))
      put(.fsrLaw, k[21] / 2 % 2)
    }
    if k[23] % 3 == 1 {
      put(.leftCurve, pick(23, 0...500))
      put(.rightCurve, pick(23, 0...500))
    }
    do { try p.set(set) } catch { preconditionFailure("ParameterKnobs built an invalid set: \(error)") }
    return p
  }
}

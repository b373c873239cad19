/// A scripted force gesture (see `Docs/gestures.md`): a sample rate, a timeline of
/// segments per cell, and noise settings. Turns into raw frames for the engine.
///
///     rate 200
///     hold 0 0 for 100ms
///     ramp to 250 250 over 100ms
///     roll by -300 over 150ms
///     release over 40ms
public struct GestureScript: Equatable, Sendable {
  /// Frames per second (`rate`, default 200).
  public var sampleRateHz: Int
  /// The force profile, in time order.
  public var segments: [GestureSegment]
  /// Noise settings, in time order.
  public var noise: [GestureNoise]

  /// Creates a script from parts.
  public init(sampleRateHz: Int = 200, segments: [GestureSegment] = [], noise: [GestureNoise] = []) {
    self.sampleRateHz = sampleRateHz
    self.segments = segments
    self.noise = noise
  }

  /// Parses the text format of `Docs/gestures.md`.
  public static func parse(_ text: String) throws(GestureError) -> GestureScript {
    try GestureParser.parse(text)
  }

  /// Length of the whole profile in ms.
  public var durationMs: Double { segments.reduce(0) { $0 + $1.durationMs } }

  /// The frames at the script's own rate.
  public func frames() -> [RawFrame] { frames(sampleRateHz: sampleRateHz) }

  /// The frames at `sampleRateHz`: frame k samples the profile at t = k·1000/rate ms,
  /// for every t from 0 up to and including the end (so the final levels, say the
  /// 0 0 after a release, are always in the trace). `timeMs` is t rounded down.
  public func frames(sampleRateHz rate: Int) -> [RawFrame] {
    precondition(rate > 0, "sample rate must be positive")
    let total = durationMs
    let count = Int((total * Double(rate) / 1000 + 1e-9).rounded(.down)) + 1
    var frames: [RawFrame] = []
    frames.reserveCapacity(count)
    var segmentIndex = 0
    var segmentStart = 0.0
    var noise = NoiseTrack(noise)
    for k in 0..<count {
      let t = Double(k) * 1000 / Double(rate)
      // Advance to the segment that holds t (a segment holds [start, start + duration)).
      while segmentIndex < segments.count - 1, t >= segmentStart + segments[segmentIndex].durationMs - 1e-9 {
        segmentStart += segments[segmentIndex].durationMs
        segmentIndex += 1
      }
      let levels = segments.isEmpty ? CellLevels.zero : segments[segmentIndex].levels(at: t - segmentStart)
      frames.append(noise.frame(levels, at: t, rounding: .toNearestOrAwayFromZero))
    }
    return frames
  }

  /// The frames counted the way the hand-made traces are (the golden inputs, the
  /// tests' trace builders): each segment takes its length in whole frames, n, and
  /// its frame i (1...n) holds the level i/n of the way along, rounded down, so a
  /// ramp ends exactly on its target and a hold repeats its level. Frame k is
  /// stamped k·1000/rate ms. Noise as in `frames(sampleRateHz:)`.
  public func steppedFrames(sampleRateHz rate: Int? = nil) -> [RawFrame] {
    let rate = rate ?? sampleRateHz
    precondition(rate > 0, "sample rate must be positive")
    var frames: [RawFrame] = []
    var noise = NoiseTrack(noise)
    for segment in segments {
      let n = Int((segment.durationMs * Double(rate) / 1000).rounded())
      for i in stride(from: 1, through: n, by: 1) {
        let t = Double(frames.count) * 1000 / Double(rate)
        frames.append(noise.frame(segment.levels(step: i, of: n), at: t, rounding: .down))
      }
    }
    return frames
  }

  /// The input CSV with a time column, `t_ms,left,right`: the script's frames at
  /// `rate` (default: its own rate).
  public func csv(sampleRateHz rate: Int? = nil) -> String {
    GestureScript.csv(frames(sampleRateHz: rate ?? sampleRateHz))
  }

  /// `t_ms,left,right` rows for `frames`, and `left_pulled,right_pulled` when a frame
  /// has pulled readings (a sensor model with a `floating` fault). A frame without them
  /// gets its plain readings there: what a probe frame reads when there are none
  /// (Docs/csv-formats.md).
  public static func csv(_ frames: [RawFrame]) -> String {
    let pulled = frames.contains { $0.pulled != nil }
    var text = pulled ? "t_ms,left,right,left_pulled,right_pulled\n" : "t_ms,left,right\n"
    for frame in frames {
      text += "\(frame.timeMs ?? 0),\(frame.left),\(frame.right)"
      if pulled {
        let p = frame.pulled ?? PulledReadings(left: frame.left, right: frame.right)
        text += ",\(p.left),\(p.right)"
      }
      text += "\n"
    }
    return text
  }
}

/// The noise settings of a script played forward in time: each `noise` line starts
/// its own seeded stream.
struct NoiseTrack {
  let settings: [GestureNoise]
  var index = -1
  var generator = SplitMix64(seed: 0)

  init(_ settings: [GestureNoise]) { self.settings = settings }

  /// The frame at time `t` for `levels`, with noise on the touched cells, quantised
  /// to counts with `rounding`.
  mutating func frame(_ levels: CellLevels, at t: Double, rounding: FloatingPointRoundingRule) -> RawFrame {
    var levels = levels
    while index + 1 < settings.count, settings[index + 1].startMs <= t + 1e-9 {
      index += 1
      generator = SplitMix64.stream(settings[index].seed, 0x6E6F_6973_65)  // "noise"
    }
    if index >= 0, settings[index].sd > 0 {
      let sd = settings[index].sd
      let dl = sd * generator.gaussian()
      let dr = sd * generator.gaussian()
      // An untouched cell reads 0: noise rides on force, it does not create it.
      if levels.left > 0 { levels.left += dl }
      if levels.right > 0 { levels.right += dr }
    }
    func count(_ level: Double) -> UInt16 { UInt16(Swift.min(1023, Swift.max(0, level.rounded(rounding)))) }
    return RawFrame(left: count(levels.left), right: count(levels.right), timeMs: Int(t))
  }
}

/// Force levels of both cells, in raw counts (0...1023 each).
public struct CellLevels: Equatable, Sendable {
  /// Left cell.
  public var left: Double
  /// Right cell.
  public var right: Double

  /// Creates levels.
  public init(_ left: Double, _ right: Double) {
    self.left = left
    self.right = right
  }

  /// No force on either cell.
  public static let zero = CellLevels(0, 0)

  /// Linear interpolation towards `other` by `u` in 0...1.
  func mix(_ other: CellLevels, _ u: Double) -> CellLevels {
    CellLevels(left + (other.left - left) * u, right + (other.right - right) * u)
  }
}

/// One piece of a gesture's force profile: from `from` to `to` over `durationMs`.
public struct GestureSegment: Equatable, Sendable {
  /// How the levels move between the ends.
  public enum Shape: Equatable, Sendable {
    /// Straight line (ramps, holds, pulses, release).
    case linear
    /// Smooth step 3u² − 2u³ (rolls: the thumb eases in and out).
    case eased
  }

  /// Levels at the start.
  public var from: CellLevels
  /// Levels at the end.
  public var to: CellLevels
  /// Length in ms (may be 0: a step).
  public var durationMs: Double
  /// Interpolation.
  public var shape: Shape
  /// Script line that made it.
  public var line: Int

  /// Creates a segment.
  public init(from: CellLevels, to: CellLevels, durationMs: Double, shape: Shape = .linear, line: Int = 0) {
    self.from = from
    self.to = to
    self.durationMs = durationMs
    self.shape = shape
    self.line = line
  }

  /// Levels after step `i` of `n` equal steps along the segment (`i` = `n`: its end).
  /// For a straight line the offset from `from` is computed as `(to − from)·i / n`, one
  /// rounding only, so whole-count ends give exact whole-count steps.
  func levels(step i: Int, of n: Int) -> CellLevels {
    func along(_ a: Double, _ b: Double) -> Double {
      if shape == .linear { return a + (b - a) * Double(i) / Double(n) }
      let u = Double(i) / Double(n)
      return a + (b - a) * (u * u * (3 - 2 * u))
    }
    return CellLevels(along(from.left, to.left), along(from.right, to.right))
  }

  /// Levels `elapsed` ms into the segment.
  func levels(at elapsed: Double) -> CellLevels {
    guard durationMs > 0 else { return to }
    let u = Swift.min(1, Swift.max(0, elapsed / durationMs))
    return from.mix(to, shape == .linear ? u : u * u * (3 - 2 * u))
  }
}

/// Noise on the cells from `startMs` on: Gaussian, `sd` counts, its own seeded stream.
public struct GestureNoise: Equatable, Sendable {
  /// Where it starts, ms from the start of the script.
  public var startMs: Double
  /// Standard deviation in counts (0 = off).
  public var sd: Double
  /// Seed of its stream.
  public var seed: UInt64

  /// Creates a noise setting.
  public init(startMs: Double, sd: Double, seed: UInt64) {
    self.startMs = startMs
    self.sd = sd
    self.seed = seed
  }
}

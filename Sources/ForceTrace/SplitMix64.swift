import Foundation

/// SplitMix64 (Steele, Lea & Flood, OOPSLA 2014): a tiny, fast, seedable generator.
///
/// Every random draw of the simulator comes from one of these, never from the system
/// generator, so a seed gives the same results on every run, machine and thread count.
/// Independent streams (one per participant, per trial, per gesture `noise` line) are
/// derived from the seed and a few tags with `stream(_:_:)`.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
  /// The generator state.
  public private(set) var state: UInt64
  var spare: Double?

  /// A generator started at `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// A generator for the stream named by `seed` and `tags` (order matters).
  public static func stream(_ seed: UInt64, _ tags: UInt64...) -> SplitMix64 {
    var mixer = SplitMix64(seed: seed ^ 0x6A09_E667_F3BC_C909)
    var key = mixer.next()
    for tag in tags {
      mixer = SplitMix64(seed: key ^ (tag &* 0x9E37_79B9_7F4A_7C15))
      key = mixer.next()
    }
    return SplitMix64(seed: key)
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in [0, 1), 53 bits.
  public mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// Uniform in [lo, hi).
  public mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
    lo + (hi - lo) * unit()
  }

  /// Standard normal (Box–Muller; the second value of each pair is kept for the next call).
  public mutating func gaussian() -> Double {
    if let value = spare {
      spare = nil
      return value
    }
    var u = unit()
    while u <= 0 { u = unit() }
    let v = unit()
    let radius = (-2 * Foundation.log(u)).squareRoot()
    spare = radius * Foundation.sin(2 * Double.pi * v)
    return radius * Foundation.cos(2 * Double.pi * v)
  }

  /// Normal with `mean` and `sd`, clamped to `lo...hi` (a truncated population).
  public mutating func normal(_ mean: Double, _ sd: Double, _ lo: Double, _ hi: Double) -> Double {
    Swift.min(hi, Swift.max(lo, mean + sd * gaussian()))
  }
}

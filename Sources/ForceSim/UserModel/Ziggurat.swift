import ForceTrace
import Foundation

/// The tables of the ziggurat method for normal deviates (Marsaglia & Tsang 2000), with
/// 256 layers under f(x) = exp(−x²/2), x ≥ 0.
///
/// Every layer has the area `v`. Layer 0 is the base: 0…`edge[0]` wide (`v / f(r)`) and
/// f(r) high, holding the rectangle under the curve up to `r` and, beyond it, the tail
/// (drawn by Marsaglia's 1964 method). Layer i ≥ 1 spans 0…`edge[i]` across and
/// f(`edge[i]`)…f(`edge[i + 1]`) up; `edge[1]` = r, `edge[256]` = 0.
enum Ziggurat {
  /// Right edge of the rectangle part of the base layer.
  static let r = 3.6541528853610088
  /// Area of each layer.
  static let v = 0.00492867323399
  /// `edge[0...256]`, then `height[0...256]` (f at each edge): one block, made once and
  /// kept for the life of the process (read-only after it is made).
  nonisolated(unsafe) static let table: UnsafePointer<Double> = {
    let f = { (x: Double) in exp(-0.5 * x * x) }
    let table = UnsafeMutablePointer<Double>.allocate(capacity: 2 * 257)
    table[0] = v / f(r)
    table[1] = r
    for i in 1..<255 { table[i + 1] = (-2 * log(f(table[i]) + v / table[i])).squareRoot() }
    table[256] = 0
    for i in 0...256 { table[257 + i] = f(table[i]) }
    return UnsafePointer(table)
  }()

  /// The rare case of a draw: `x` lies in layer `layer`'s part that is not wholly under
  /// the curve. The wedge test for layers ≥ 1; the tail beyond `r` for the base. Nil:
  /// rejected, draw again.
  @inline(never)
  static func outside(layer: Int, x: Double, using generator: inout SplitMix64) -> Double? {
    if layer == 0 {
      var a = 0.0
      var b = 0.0
      repeat {
        a = -log(1 - generator.unit()) / r  // 1 − unit() is in (0, 1]
        b = -log(1 - generator.unit())
      } while 2 * b <= a * a
      return x < 0 ? -(r + a) : r + a
    }
    let low = table[257 + layer]
    let y = low + generator.unit() * (table[257 + layer + 1] - low)
    return y < exp(-0.5 * x * x) ? x : nil
  }
}

extension SplitMix64 {
  /// A standard normal deviate by the ziggurat method (`Ziggurat`). One 64-bit word gives
  /// the layer (its low 8 bits) and a uniform in [−1, 1) (its high 53 bits); about 99 %
  /// of draws end at the first comparison. A caller drawing every frame passes
  /// `Ziggurat.table` in, read once (each read of a static runs its once-check).
  @inline(__always)
  mutating func zigguratNormal(_ table: UnsafePointer<Double> = Ziggurat.table) -> Double {
    while true {
      let bits = next()
      let layer = Int(truncatingIfNeeded: bits & 0xFF)
      let x = (Double(bits >> 11) * 0x1p-52 - 1) * table[layer]
      if abs(x) < table[layer + 1] { return x }
      if let accepted = Ziggurat.outside(layer: layer, x: x, using: &self) { return accepted }
    }
  }

  /// A normal deviate with `mean` and `sd`, clamped to `lo...hi` (a truncated population).
  @inline(__always)
  mutating func truncatedNormal(_ mean: Double, _ sd: Double, _ lo: Double, _ hi: Double) -> Double {
    Swift.min(hi, Swift.max(lo, mean + sd * zigguratNormal()))
  }
}

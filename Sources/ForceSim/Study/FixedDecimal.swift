/// `String(format: "%.Nf", x)` without Foundation's formatter (about 12 k instructions a
/// number; a study's summaries, charts and `participants.csv` print a couple of thousand).
///
/// Exact, as C's `printf` is: |x|·10ᴺ is worked out in 128-bit integers from the
/// binary significand and exponent and rounded half to even, so every digit is the
/// one `%.Nf` prints, the sign too (`-0.0` for −0.01 at one place).
enum FixedDecimal {
  /// `x` with `places` decimals, or nil where this does not apply (a value that is not
  /// finite, below 2⁻⁶⁸ but not zero, or 2⁶³ or more, or more than 9 places): then
  /// `String(format:)` prints it.
  static func text(_ x: Double, places: Int) -> String? {
    guard x.isFinite, (0...9).contains(places) else { return nil }
    var significand = UInt128(x.significandBitPattern)
    var exponent = Int(x.exponentBitPattern) - 1075
    if x.exponentBitPattern == 0 {
      exponent = -1074  // subnormal (or zero): no hidden bit
    } else {
      significand |= 1 << 52
    }
    var scale: UInt128 = 1
    for _ in 0..<places { scale *= 10 }
    var scaled: UInt128 = 0  // |x|·10ᴺ, rounded
    if significand != 0 {
      guard (-120...10).contains(exponent) else { return nil }
      let exact = significand * scale  // < 2⁵³·10⁹ < 2⁸³
      if exponent >= 0 {
        scaled = exact << exponent
      } else {
        let shift = -exponent
        scaled = exact >> shift
        let rest = exact & ((1 << shift) - 1)
        let half: UInt128 = 1 << (shift - 1)
        if rest > half || (rest == half && scaled & 1 == 1) { scaled += 1 }
      }
    }
    var bytes: [UInt8] = []
    var digits = 0
    repeat {
      if digits == places && places > 0 { bytes.append(UInt8(ascii: ".")) }
      bytes.append(UInt8(ascii: "0") + UInt8(scaled % 10))
      scaled /= 10
      digits += 1
    } while scaled > 0 || digits <= places
    if x.sign == .minus { bytes.append(UInt8(ascii: "-")) }
    return String(decoding: bytes.reversed(), as: UTF8.self)
  }
}

/// SHA-1 (FIPS 180-4), for the one place the WebSocket handshake needs it: the
/// `Sec-WebSocket-Accept` key. Not for anything that must resist an attacker.
enum SHA1 {
  /// The 20-byte digest of `message`.
  static func digest(_ message: [UInt8]) -> [UInt8] {
    var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
    // Padding: 0x80, zeros to 56 mod 64, then the length in bits, big-endian.
    var padded = message + [0x80]
    padded += [UInt8](repeating: 0, count: (56 - padded.count % 64 + 64) % 64)
    let bits = UInt64(message.count) * 8
    padded += (0..<8).reversed().map { UInt8(truncatingIfNeeded: bits >> ($0 * 8)) }
    var w = [UInt32](repeating: 0, count: 80)
    for block in stride(from: 0, to: padded.count, by: 64) {
      for t in 0..<16 {
        w[t] = (0..<4).reduce(0) { $0 << 8 | UInt32(padded[block + 4 * t + $1]) }
      }
      for t in 16..<80 { w[t] = rotate(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1) }
      var (a, b, c, d, e) = h
      for t in 0..<80 {
        let (f, k): (UInt32, UInt32) =
          switch t {
          case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
          case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
          case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
          default: (b ^ c ^ d, 0xCA62_C1D6)
          }
        let temp = rotate(a, 5) &+ f &+ e &+ k &+ w[t]
        (e, d, c, b, a) = (d, c, rotate(b, 30), a, temp)
      }
      h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
    }
    return [h.0, h.1, h.2, h.3, h.4].flatMap { word in
      (0..<4).reversed().map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) }
    }
  }

  private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x << n | x >> (32 - n) }
}

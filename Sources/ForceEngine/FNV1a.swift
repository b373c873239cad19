/// 32-bit FNV-1a hash, used for the parameter schema hash.
struct FNV1a {
  /// The hash of everything mixed in so far.
  private(set) var value: UInt32 = 2_166_136_261

  /// Starts an empty hash.
  init() {}

  /// Mixes in one byte.
  mutating func mix(_ byte: UInt8) {
    value = (value ^ UInt32(byte)) &* 16_777_619
  }

  /// Mixes in a 32-bit value, least significant byte first.
  mutating func mix(_ word: Int32) {
    let bits = UInt32(bitPattern: word)
    mix(UInt8(truncatingIfNeeded: bits))
    mix(UInt8(truncatingIfNeeded: bits >> 8))
    mix(UInt8(truncatingIfNeeded: bits >> 16))
    mix(UInt8(truncatingIfNeeded: bits >> 24))
  }
}

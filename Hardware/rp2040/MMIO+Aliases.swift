extension MMIO {
  // RP2040 peripheral registers also answer at +0x1000 (XOR), +0x2000 (set bits) and
  // +0x3000 (clear bits) (RP2040 datasheet, 2.1.2): `set` and `clear` change only the
  // given bits, in one bus write.

  /// Sets `bits` in a peripheral register (its atomic set alias).
  @inlinable @inline(__always)
  public static func set(_ address: UInt32, _ bits: UInt32) { write(address + 0x2000, bits) }

  /// Clears `bits` in a peripheral register (its atomic clear alias).
  @inlinable @inline(__always)
  public static func clear(_ address: UInt32, _ bits: UInt32) { write(address + 0x3000, bits) }
}

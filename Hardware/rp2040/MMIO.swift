import _Volatile

/// The one place that touches the RP2040's memory-mapped registers (named as in the
/// RP2040 datasheet). Peripheral registers also answer at +0x1000 (XOR), +0x2000
/// (set bits) and +0x3000 (clear bits): `set` and `clear` change only the given bits,
/// in one bus write.
public enum MMIO {
  @inlinable @inline(__always)
  public static func read(_ address: UInt32) -> UInt32 {
    VolatileMappedRegister<UInt32>(unsafeBitPattern: UInt(address)).load()
  }

  @inlinable @inline(__always)
  public static func write(_ address: UInt32, _ value: UInt32) {
    VolatileMappedRegister<UInt32>(unsafeBitPattern: UInt(address)).store(value)
  }

  @inlinable @inline(__always)
  public static func readByte(_ address: UInt32) -> UInt8 {
    VolatileMappedRegister<UInt8>(unsafeBitPattern: UInt(address)).load()
  }

  /// Sets `bits` in a peripheral register (its atomic set alias).
  @inlinable @inline(__always)
  public static func set(_ address: UInt32, _ bits: UInt32) { write(address + 0x2000, bits) }

  /// Clears `bits` in a peripheral register (its atomic clear alias).
  @inlinable @inline(__always)
  public static func clear(_ address: UInt32, _ bits: UInt32) { write(address + 0x3000, bits) }

  /// Spins until `address` has all of `bits` set, at most `spins` reads. False on timeout.
  @discardableResult
  public static func wait(_ address: UInt32, bits: UInt32, spins: UInt32 = 1_000_000) -> Bool {
    var count: UInt32 = 0
    while read(address) & bits != bits {
      count += 1
      if count >= spins { return false }
    }
    return true
  }
}

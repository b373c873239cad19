import _Volatile

/// The one place that touches memory-mapped registers, on every Cortex-M0/M0+ chip:
/// the drivers read and write their registers (named as in each chip's reference
/// manual) through it. The chips add their own conventions on top, in their own
/// directories: the nRF51's tasks and events (`trigger`, `consume`), the RP2040's
/// atomic set and clear aliases (`set`, `clear`).
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

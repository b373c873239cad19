import _Volatile

/// The one place that touches memory-mapped I/O. Every driver reads and writes
/// its registers (named as in the nRF51 Series Reference Manual v3.0) through it.
enum MMIO {
  @inline(__always)
  static func read(_ address: UInt32) -> UInt32 {
    VolatileMappedRegister<UInt32>(unsafeBitPattern: UInt(address)).load()
  }

  @inline(__always)
  static func write(_ address: UInt32, _ value: UInt32) {
    VolatileMappedRegister<UInt32>(unsafeBitPattern: UInt(address)).store(value)
  }

  @inline(__always)
  static func readByte(_ address: UInt32) -> UInt8 {
    VolatileMappedRegister<UInt8>(unsafeBitPattern: UInt(address)).load()
  }

  /// Triggers a task register (write 1).
  @inline(__always)
  static func trigger(_ task: UInt32) { write(task, 1) }

  /// Reads an event register; if it fired, clears it and returns true.
  @inline(__always)
  static func consume(_ event: UInt32) -> Bool {
    guard read(event) != 0 else { return false }
    write(event, 0)
    return true
  }
}

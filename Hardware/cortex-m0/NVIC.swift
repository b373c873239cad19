/// The Cortex-M0/M0+ NVIC (ARMv6-M Architecture Reference Manual, B3.4): one bit per
/// IRQ line of the chip (the nRF51's POWER_CLOCK = 0 …, the RP2040's TIMER_IRQ_0 = 0 …).
public enum NVIC {
  @inlinable public static var ISER: UInt32 { 0xE000_E100 }
  @inlinable public static var ICER: UInt32 { 0xE000_E180 }
  @inlinable public static var ISPR: UInt32 { 0xE000_E200 }
  @inlinable public static var ICPR: UInt32 { 0xE000_E280 }

  /// Lets `irq` interrupt (or wake) the core.
  @inlinable @inline(__always)
  public static func enable(_ irq: UInt32) { MMIO.write(ISER, 1 << irq) }
  /// Stops `irq` from interrupting; its pending state stays.
  @inlinable @inline(__always)
  public static func disable(_ irq: UInt32) { MMIO.write(ICER, 1 << irq) }
  /// True when one of `lines` (a mask of IRQs) is pending.
  @inlinable @inline(__always)
  public static func pending(_ lines: UInt32) -> Bool { MMIO.read(ISPR) & lines != 0 }
  /// Clears the pending state of `lines` (a mask of IRQs).
  @inlinable @inline(__always)
  public static func clearPending(_ lines: UInt32) { MMIO.write(ICPR, lines) }
}

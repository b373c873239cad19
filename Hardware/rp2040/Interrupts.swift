/// The Cortex-M0+ NVIC (ARMv6-M Architecture Reference Manual, B3.4): one bit per
/// RP2040 IRQ line (TIMER_IRQ_0 = 0 … RTC_IRQ = 25).
public enum NVIC {
  static let ISER: UInt32 = 0xE000_E100
  static let ICER: UInt32 = 0xE000_E180
  static let ISPR: UInt32 = 0xE000_E200

  /// Lets `irq` interrupt (or wake) the core.
  public static func enable(_ irq: UInt32) { MMIO.write(ISER, 1 << irq) }
  /// Stops `irq` from interrupting; its pending state stays.
  public static func disable(_ irq: UInt32) { MMIO.write(ICER, 1 << irq) }
  /// True when one of `lines` (a mask of IRQs) is pending.
  public static func pending(_ lines: UInt32) -> Bool { MMIO.read(ISPR) & lines != 0 }
}

/// The core's interrupt mask (PRIMASK) and sleep, from startup.c.
public enum CPU {
  /// Masks interrupts (`cpsid i`): a pending one waits, but still ends a `waitForInterrupt`.
  public static func maskInterrupts() { cpu_mask_interrupts() }
  /// Unmasks interrupts (`cpsie i`): pending handlers run now.
  public static func unmaskInterrupts() { cpu_unmask_interrupts() }
  /// `WFI`: sleeps until an enabled interrupt is pending.
  public static func waitForInterrupt() { cpu_wait_for_interrupt() }
}

@_silgen_name("cpu_mask_interrupts")
func cpu_mask_interrupts()

@_silgen_name("cpu_unmask_interrupts")
func cpu_unmask_interrupts()

@_silgen_name("cpu_wait_for_interrupt")
func cpu_wait_for_interrupt()

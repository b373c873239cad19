/// The core's interrupt mask (PRIMASK) and sleep, from startup.c. Each is an
/// external call, so the compiler keeps no memory an interrupt handler shares with
/// the loop cached across it.
public enum CPU {
  /// Masks interrupts (`cpsid i`): a pending one waits, but still ends a `waitForInterrupt`.
  @inlinable @inline(__always)
  public static func maskInterrupts() { cpu_mask_interrupts() }
  /// Unmasks interrupts (`cpsie i`): pending handlers run now.
  @inlinable @inline(__always)
  public static func unmaskInterrupts() { cpu_unmask_interrupts() }
  /// Lets the pending handlers run, then masks interrupts again (`cpsie i; isb; cpsid i`).
  @inlinable @inline(__always)
  public static func takeInterrupts() { cpu_take_interrupts() }
  /// `WFI`: sleeps until an enabled interrupt is pending, masked or not.
  @inlinable @inline(__always)
  public static func waitForInterrupt() { cpu_wait_for_interrupt() }

  /// Bytes of the stack used since reset: Reset_Handler paints the whole stack with a
  /// pattern before `main` (stack.c); the deepest overwritten word marks the
  /// high-water mark.
  @inlinable @inline(__always)
  public static var stackHighWater: UInt32 { stack_high_water() }
}

@usableFromInline @_silgen_name("cpu_mask_interrupts")
func cpu_mask_interrupts()

@usableFromInline @_silgen_name("cpu_unmask_interrupts")
func cpu_unmask_interrupts()

@usableFromInline @_silgen_name("cpu_take_interrupts")
func cpu_take_interrupts()

@usableFromInline @_silgen_name("cpu_wait_for_interrupt")
func cpu_wait_for_interrupt()

@usableFromInline @_silgen_name("stack_high_water")
func stack_high_water() -> UInt32

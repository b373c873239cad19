/// Sleep between frames: System ON, `WFI`, with interrupts masked (PRIMASK, set
/// in startup.c before `main`). The wake-up sources raise their interrupt only
/// while the core sleeps: UART0 RXDRDY (and TXDRDY while bytes wait to be sent)
/// and the frame timer's COMPARE[0]. Each is an event the loop clears when it
/// handles it, so one that fired before the sleep wakes the core at once, and no
/// byte or frame is missed. Their pending bits are cleared after the wake, so only
/// the ADC's handler ever runs, at one known point.
enum Sleep {
  static let irqUART0: UInt32 = 2
  static let irqTIMER1: UInt32 = 9

  /// Enables the wake-up interrupts in the NVIC (PRIMASK keeps them from being taken).
  static func enableWakeUps() {
    NVIC.enable(irqUART0)
    NVIC.enable(irqTIMER1)
  }

  /// Sleeps until a byte arrives, the transmitter is ready (when `transmitting`),
  /// the next frame starts or a conversion ends; then runs the ADC handler if due.
  /// Returns the ticks between which the core slept, the second before the handler.
  static func sleep(transmitting: Bool) -> (from: UInt32, to: UInt32) {
    MMIO.write(UART.INTENSET, transmitting ? UART.intRXDRDY | UART.intTXDRDY : UART.intRXDRDY)
    MMIO.write(TIMER.INTENSET(FrameTimer.timer), TIMER.intCompare0)
    let asleep = TickCounter.now()
    CPU.waitForInterrupt()
    let woke = TickCounter.now()
    MMIO.write(UART.INTENCLR, UART.intRXDRDY | UART.intTXDRDY)
    MMIO.write(TIMER.INTENCLR(FrameTimer.timer), TIMER.intCompare0)
    // Read back so both writes have landed before the pending bits are cleared:
    // an interrupt line still raised would pend again, and its handler is the
    // parking loop.
    _ = MMIO.read(UART.INTENCLR)
    _ = MMIO.read(TIMER.INTENCLR(FrameTimer.timer))
    NVIC.clearPending(1 << irqUART0 | 1 << irqTIMER1)
    CPU.takeInterrupts()
    return (asleep, woke)
  }
}

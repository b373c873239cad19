/// CLOCK (0x4000_0000): switches HFCLK to the 16 MHz crystal so the UART baud
/// rate and TIMER ticks are crystal-accurate (the internal RC is only ±1-2 %).
enum Clock {
  static let base: UInt32 = 0x4000_0000
  static let TASKS_HFCLKSTART = base + 0x000
  static let EVENTS_HFCLKSTARTED = base + 0x100
  static let XTALFREQ = base + 0x550

  /// Starts the crystal oscillator and waits (bounded) for it to settle.
  static func startCrystal() {
    MMIO.write(XTALFREQ, 0xFF)  // 0xFF = 16 MHz crystal (micro:bit v1 fits a 16 MHz one)
    MMIO.write(EVENTS_HFCLKSTARTED, 0)
    MMIO.trigger(TASKS_HFCLKSTART)
    var spins: UInt32 = 0
    // The crystal starts in ~800 µs; if it never reports, keep running on the RC.
    while MMIO.read(EVENTS_HFCLKSTARTED) == 0 && spins < 100_000 { spins += 1 }
  }
}

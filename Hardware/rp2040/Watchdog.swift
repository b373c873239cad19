/// WATCHDOG (0x4005_8000). Counts down from LOAD at the 1 MHz tick; the block
/// decrements twice per tick (erratum RP2040-E1), so LOAD is 2 per µs and the
/// longest timeout is 0xFFFFFF / 2 µs = 8.3 s. At zero it resets the chip domains
/// selected in PSM.WDSEL: everything but the two oscillators (their clocks keep the
/// reset running), so the boot ROM, boot2 and the firmware start over.
public enum Watchdog {
  static let base: UInt32 = 0x4005_8000
  static let CTRL = base + 0x00
  static let LOAD = base + 0x04
  static let REASON = base + 0x08
  static let SCRATCH0 = base + 0x0C
  static let TICK = base + 0x2C
  static let tickEnable: UInt32 = 1 << 9
  static let PSM_WDSEL: UInt32 = 0x4001_0008

  static let enable: UInt32 = 1 << 30
  /// Pause while a debugger halts either core or the JTAG link is busy.
  static let pauseOnDebug: UInt32 = 0b111 << 24
  static let allButOscillators: UInt32 = 0x1_FFFF & ~0b11  // PSM bits 0, 1: ROSC, XOSC

  nonisolated(unsafe) static var load: UInt32 = 0

  /// Starts (or restarts) the watchdog with a timeout of `timeoutMs`.
  public static func start(timeoutMs: UInt32) {
    MMIO.clear(CTRL, enable)
    MMIO.write(PSM_WDSEL, allButOscillators)
    load = min(min(timeoutMs, 8_000) * 2_000, 0xFF_FFFF)
    MMIO.write(LOAD, load)
    MMIO.write(CTRL, enable | pauseOnDebug)
  }

  /// Reloads the counter.
  public static func feed() { MMIO.write(LOAD, load) }

  /// Runs the tick (which the watchdog and the TIMER count) at clk_ref ÷ `cycles`.
  public static func startTick(cycles: UInt32) { MMIO.write(TICK, tickEnable | cycles) }
}

/// Why the chip last started: WATCHDOG.REASON (a watchdog timeout or a forced
/// watchdog reset; both zero after a power-on or RUN-pin reset, which reset the
/// watchdog block) and VREG_AND_CHIP_RESET.CHIP_RESET (power-on, the RUN pin, or a
/// debugger's rescue reset).
public enum ResetCause {
  static let CHIP_RESET: UInt32 = 0x4006_4008
  /// REASON bits.
  public static let watchdogTimer: UInt32 = 1 << 0
  public static let watchdogForce: UInt32 = 1 << 1
  /// CHIP_RESET bits.
  public static let hadPowerOn: UInt32 = 1 << 8
  public static let hadRunPin: UInt32 = 1 << 16
  public static let hadDebugRestart: UInt32 = 1 << 20

  /// (WATCHDOG.REASON, CHIP_RESET) as read at boot.
  public static func read() -> (watchdog: UInt32, chip: UInt32) {
    (MMIO.read(Watchdog.REASON), MMIO.read(CHIP_RESET))
  }
}

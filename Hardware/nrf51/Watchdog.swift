/// WDT (0x4001_0000). Once started it cannot be stopped or reconfigured until
/// the next reset. It runs from the 32.768 kHz clock (started automatically).
enum Watchdog {
  static let base: UInt32 = 0x4001_0000
  static let TASKS_START = base + 0x000
  static let RUNSTATUS = base + 0x400
  static let CRV = base + 0x504
  static let RREN = base + 0x508
  static let CONFIG = base + 0x50C
  static func RR(_ n: UInt32) -> UInt32 { base + 0x600 + 4 * n }

  static let reloadValue: UInt32 = 0x6E52_4635
  /// CONFIG: SLEEP = run while the CPU sleeps (bit 0); HALT = 0 pauses it
  /// while a debugger halts the CPU (bit 3).
  static let configRunInSleep: UInt32 = 1 << 0

  static func start(timeoutMs: UInt32) {
    guard MMIO.read(RUNSTATUS) == 0 else { return }  // already running
    // timeout = (CRV + 1) / 32768 s; 32768/1000 = 32 + 768/1000, no overflow up to 100 s.
    let ms = min(max(timeoutMs, 1), 100_000)
    let crv = ms * 32 + (ms * 768) / 1000
    MMIO.write(CRV, max(crv, 16) - 1)  // CRV minimum is 0xF
    MMIO.write(RREN, 1)  // only RR[0]
    MMIO.write(CONFIG, configRunInSleep)
    MMIO.trigger(TASKS_START)
  }

  static func feed() { MMIO.write(RR(0), reloadValue) }
}

/// POWER.RESETREAS (0x4000_0400): latched reset causes, cleared by writing 1s.
enum ResetCause {
  static let RESETREAS: UInt32 = 0x4000_0400

  static let resetPin: UInt32 = 1 << 0
  static let dog: UInt32 = 1 << 1
  static let softReset: UInt32 = 1 << 2
  static let lockup: UInt32 = 1 << 3

  /// Reads and clears RESETREAS. All zero means power-on (or brown-out).
  static func readAndClear() -> UInt32 {
    let bits = MMIO.read(RESETREAS)
    MMIO.write(RESETREAS, bits)
    return bits
  }
}

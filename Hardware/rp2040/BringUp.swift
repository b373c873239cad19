/// Where clock bring-up is, kept in WATCHDOG.SCRATCH0, which a watchdog reset keeps
/// (a power-on or RUN-pin reset clears it, and the boot ROM uses only SCRATCH4-7).
/// `Clocks.start` marks each stage before it and clears the mark when done, so a boot
/// after a watchdog timeout that finds a mark knows bring-up hung there, and leaves
/// that stage off rather than hanging again.
enum BringUp {
  static let magic: UInt32 = 0xC10C_0000
  static let crystalStage: UInt32 = 1
  static let pllStage: UInt32 = 2

  /// The stage the previous boot's bring-up hung in, if the watchdog reset it there;
  /// 0 otherwise.
  static func previousHang() -> UInt32 {
    let mark = MMIO.read(Watchdog.SCRATCH0)
    let timedOut = MMIO.read(Watchdog.REASON) & ResetCause.watchdogTimer != 0
    guard timedOut && mark & 0xFFFF_0000 == magic else { return 0 }
    return mark & 0xFFFF
  }

  static func mark(_ stage: UInt32) { MMIO.write(Watchdog.SCRATCH0, magic | stage) }
  static func clear() { MMIO.write(Watchdog.SCRATCH0, 0) }
}

/// What `Clocks.start` brought up: clk_sys's frequency, whether clk_ref is the
/// crystal and clk_usb is 48 MHz, and what failed.
public struct ClockReport {
  /// What failed (empty: nothing).
  public var faults: ClockFaults = []
  /// clk_sys and clk_peri: 125 MHz from PLL_SYS, 12 MHz from the crystal, or the
  /// ROSC's nominal 6.5 MHz.
  public var systemHz: UInt32 = Clocks.ringNominalHz
  /// clk_ref (and the watchdog tick) is the crystal.
  public var crystal = false
  /// clk_usb is PLL_USB's 48 MHz: USB can run.
  public var usb = false

  /// Notes a glitchless switch that did not report its new source.
  mutating func switched(_ done: Bool) {
    if !done { faults.insert(.clockSwitch) }
  }
}

/// Clock bring-up failures, a bit each.
public struct ClockFaults: OptionSet {
  /// The bits.
  public let rawValue: UInt16
  /// Wraps bits.
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// XOSC.STATUS.STABLE never came: everything stays on the ROSC.
  public static let crystal = ClockFaults(rawValue: 1 << 0)
  /// PLL_SYS never locked: clk_sys stays on the crystal (12 MHz).
  public static let systemPLL = ClockFaults(rawValue: 1 << 1)
  /// PLL_USB never locked: clk_usb off, clk_adc from the crystal.
  public static let usbPLL = ClockFaults(rawValue: 1 << 2)
  /// A glitchless mux did not report its new source: that clock went back.
  public static let clockSwitch = ClockFaults(rawValue: 1 << 3)
  /// The watchdog reset the chip during the previous boot's bring-up: this one left
  /// the PLLs off (and the crystal too, if that was where it hung).
  public static let bringUpHang = ClockFaults(rawValue: 1 << 4)
}

/// Spin counts for `MMIO.wait` in clock bring-up. A spin takes at least 8 clk_sys
/// cycles (its loop is 7 instructions, one a bus load and one a taken branch: 9 on the
/// M0+), and clk_sys is at most 12 MHz while these run (the ROSC at its fastest, or
/// the crystal), so each bound lasts at least its time; on a slow ROSC (a few MHz)
/// several times longer, still inside the bring-up watchdog (`PicoBoard`).
enum Timeouts {
  static func spins(microseconds: UInt32) -> UInt32 { microseconds * 12 / 8 }

  /// A glitchless mux switches within a few cycles of both clocks: 1 ms.
  static let select = spins(microseconds: 1_000)
  /// PLL lock: 10 ms (the PLLs lock in well under a millisecond).
  static let pllLock = spins(microseconds: 10_000)
  /// Twice the crystal's start-up delay (STARTUP.DELAY units of 256 cycles, 21.3 µs
  /// each at 12 MHz; 22 here), plus 10 ms.
  static func crystal(startupDelay: UInt32) -> UInt32 {
    spins(microseconds: startupDelay * 44 + 10_000)
  }
}

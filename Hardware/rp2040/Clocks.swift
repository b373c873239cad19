/// The clock tree: the 12 MHz crystal (XOSC), PLL_SYS at 125 MHz for the CPU and
/// the peripherals, PLL_USB at 48 MHz for USB and the ADC, and the watchdog tick
/// at 1 MHz that the TIMER counts (datasheet 2.15-2.18).
///
/// Out of the boot ROM everything runs from the ring oscillator (ROSC, nominally
/// 6.5 MHz but varying widely between chips and with voltage and temperature):
/// `start` moves clk_ref to the crystal and clk_sys/clk_peri to PLL_SYS, so the UART
/// baud rate and the frame timer are crystal-accurate. Every wait is bounded
/// (`Timeouts`); what does not start is reported and the tree stays on what did
/// (`ClockReport`). A hang no timeout can catch (a glitchless mux switched to a clock
/// that stopped stalls clk_sys itself) is the watchdog's, started by the board before
/// this runs; `BringUp` makes the next boot leave the PLLs off.
public enum Clocks {
  /// clk_sys and clk_peri from PLL_SYS.
  public static let pllSystemHz: UInt32 = 125_000_000
  /// The crystal: clk_ref.
  public static let crystalHz: UInt32 = 12_000_000
  /// clk_usb and clk_adc from PLL_USB.
  public static let usbHz: UInt32 = 48_000_000
  /// The ring oscillator's nominal frequency: what clk_sys is taken to be when the
  /// crystal does not start (the UART's divisor is then only as right as the ROSC).
  public static let ringNominalHz: UInt32 = 6_500_000
  /// Watchdog tick divider on the ROSC: about 1 MHz at its nominal frequency.
  public static let ringTickCycles: UInt32 = 6

  static let XOSC: UInt32 = 0x4002_4000
  static let XOSC_CTRL = XOSC + 0x00
  static let XOSC_STATUS = XOSC + 0x04
  static let XOSC_STARTUP = XOSC + 0x0C
  static let xoscFreqRange1to15MHz: UInt32 = 0xAA0
  static let xoscEnable: UInt32 = 0xFAB << 12
  static let xoscStable: UInt32 = 1 << 31
  /// STARTUP.DELAY for a multiplier of 1: 256 crystal cycles a unit, about 1 ms.
  public static let startupDelayUnit: UInt32 = (crystalHz / 1000 + 128) / 256

  static let CLOCKS: UInt32 = 0x4000_8000
  static let REF_CTRL = CLOCKS + 0x30
  static let REF_DIV = CLOCKS + 0x34
  static let REF_SELECTED = CLOCKS + 0x38
  static let SYS_CTRL = CLOCKS + 0x3C
  static let SYS_DIV = CLOCKS + 0x40
  static let SYS_SELECTED = CLOCKS + 0x44
  static let PERI_CTRL = CLOCKS + 0x48
  static let USB_CTRL = CLOCKS + 0x54
  static let USB_DIV = CLOCKS + 0x58
  static let ADC_CTRL = CLOCKS + 0x60
  static let ADC_DIV = CLOCKS + 0x64
  static let SYS_RESUS_CTRL = CLOCKS + 0x78
  static let enable: UInt32 = 1 << 11
  static let divideByOne: UInt32 = 1 << 8
  /// clk_adc's AUXSRC: PLL_USB, the ROSC's phase-shifted output, the crystal.
  static let adcFromPLLUSB: UInt32 = 0 << 5
  static let adcFromRing: UInt32 = 2 << 5
  static let adcFromCrystal: UInt32 = 3 << 5

  /// Starts the crystal (its start-up delay `startupMultiplier` times the ~1 ms
  /// default, as the Pico SDK's PICO_XOSC_STARTUP_DELAY_MULTIPLIER) and both PLLs,
  /// and switches the clock tree over to what started. Feeds the watchdog between
  /// steps. The ROSC stays on either way (the watchdog's reset needs it).
  public static func start(startupMultiplier: UInt32) -> ClockReport {
    var report = ClockReport()
    let hung = BringUp.previousHang()
    if hung != 0 { report.faults.insert(.bringUpHang) }
    MMIO.write(SYS_RESUS_CTRL, 0)

    // clk_sys onto clk_ref, clk_ref onto the ROSC (as the boot ROM leaves them).
    MMIO.clear(SYS_CTRL, 1)
    report.switched(MMIO.wait(SYS_SELECTED, bits: 1, spins: Timeouts.select))
    MMIO.clear(REF_CTRL, 3)
    report.switched(MMIO.wait(REF_SELECTED, bits: 1, spins: Timeouts.select))

    if hung != BringUp.crystalStage {
      BringUp.mark(BringUp.crystalStage)
      startCrystal(startupMultiplier: startupMultiplier, &report)
    }
    if report.crystal && hung == 0 {
      BringUp.mark(BringUp.pllStage)
      startPLLs(&report)
    }
    finish(&report)
    BringUp.clear()
    return report
  }

  /// The crystal, then clk_ref (and clk_sys under it) onto it, and the watchdog tick
  /// with it: 12 MHz ÷ 12, the TIMER's exact microsecond.
  static func startCrystal(startupMultiplier: UInt32, _ report: inout ClockReport) {
    let delay = startupDelayUnit * startupMultiplier
    MMIO.write(XOSC_CTRL, xoscFreqRange1to15MHz)
    MMIO.write(XOSC_STARTUP, delay)
    MMIO.set(XOSC_CTRL, xoscEnable)
    guard MMIO.wait(XOSC_STATUS, bits: xoscStable, spins: Timeouts.crystal(startupDelay: delay)) else {
      report.faults.insert(.crystal)
      return
    }
    Watchdog.feed()
    MMIO.write(REF_DIV, divideByOne)
    MMIO.write(REF_CTRL, 2)  // glitchless source 2: XOSC
    guard MMIO.wait(REF_SELECTED, bits: 1 << 2, spins: Timeouts.select) else {
      report.faults.insert(.clockSwitch)
      MMIO.write(REF_CTRL, 0)  // back to the ROSC
      return
    }
    Watchdog.startTick(cycles: crystalHz / 1_000_000)
    report.crystal = true
    report.systemHz = crystalHz
  }

  /// 12 MHz × 125 = 1500 MHz VCO, ÷ 6 ÷ 2 = 125 MHz; 12 MHz × 100 = 1200 MHz, ÷ 5 ÷ 5 =
  /// 48 MHz. clk_sys moves to PLL_SYS through the glitchless aux mux (AUXSRC 0, SRC 1)
  /// only once it has locked.
  static func startPLLs(_ report: inout ClockReport) {
    let system = PLL.start(PLL.sys, feedback: 125, postDivider1: 6, postDivider2: 2)
    Watchdog.feed()
    report.usb = PLL.start(PLL.usb, feedback: 100, postDivider1: 5, postDivider2: 5)
    Watchdog.feed()
    if !report.usb { report.faults.insert(.usbPLL) }
    guard system else {
      report.faults.insert(.systemPLL)
      return
    }
    MMIO.write(SYS_DIV, divideByOne)
    MMIO.write(SYS_CTRL, 0)
    MMIO.write(SYS_CTRL, 1)
    guard MMIO.wait(SYS_SELECTED, bits: 1 << 1, spins: Timeouts.select) else {
      report.faults.insert(.clockSwitch)
      MMIO.write(SYS_CTRL, 0)  // back to clk_ref
      return
    }
    report.systemHz = pllSystemHz
  }

  /// clk_usb = PLL_USB, or off without it; clk_adc = PLL_USB, else the crystal, else
  /// the ROSC; clk_peri = clk_sys. Plain muxes, switched while disabled.
  static func finish(_ report: inout ClockReport) {
    MMIO.write(USB_CTRL, 0)
    if report.usb {
      MMIO.write(USB_DIV, divideByOne)
      MMIO.write(USB_CTRL, enable)
    }
    MMIO.write(ADC_CTRL, 0)
    MMIO.write(ADC_DIV, divideByOne)
    let adc = report.usb ? adcFromPLLUSB : report.crystal ? adcFromCrystal : adcFromRing
    MMIO.write(ADC_CTRL, enable | adc)
    MMIO.write(PERI_CTRL, 0)
    MMIO.write(PERI_CTRL, enable)
  }
}

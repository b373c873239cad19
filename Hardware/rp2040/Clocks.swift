/// The clock tree: the 12 MHz crystal (XOSC), PLL_SYS at 125 MHz for the CPU and
/// the peripherals, PLL_USB at 48 MHz for USB and the ADC, and the watchdog tick
/// at 1 MHz that the TIMER counts (datasheet 2.15-2.18).
///
/// Out of the boot ROM everything runs from the ring oscillator (~6.5 MHz, ±several %):
/// `start` moves clk_ref to the crystal and clk_sys/clk_peri to PLL_SYS, so the UART
/// baud rate and the frame timer are crystal-accurate.
public enum Clocks {
  /// clk_sys and clk_peri after `start`.
  public static let systemHz: UInt32 = 125_000_000
  /// clk_ref, clk_usb: the crystal and PLL_USB output.
  public static let crystalHz: UInt32 = 12_000_000
  public static let usbHz: UInt32 = 48_000_000

  static let XOSC: UInt32 = 0x4002_4000
  static let XOSC_CTRL = XOSC + 0x00
  static let XOSC_STATUS = XOSC + 0x04
  static let XOSC_STARTUP = XOSC + 0x0C
  static let xoscFreqRange1to15MHz: UInt32 = 0xAA0
  static let xoscEnable: UInt32 = 0xFAB << 12
  static let xoscStable: UInt32 = 1 << 31

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

  static let WATCHDOG_TICK: UInt32 = 0x4005_802C
  static let tickEnable: UInt32 = 1 << 9

  /// Starts the crystal and both PLLs and switches the clock tree over to them.
  public static func start() {
    MMIO.write(SYS_RESUS_CTRL, 0)

    // Crystal: startup delay in units of 256 reference cycles, ~1 ms.
    MMIO.write(XOSC_CTRL, xoscFreqRange1to15MHz)
    MMIO.write(XOSC_STARTUP, (crystalHz / 1000 + 128) / 256)
    MMIO.set(XOSC_CTRL, xoscEnable)
    MMIO.wait(XOSC_STATUS, bits: xoscStable)

    // clk_sys onto clk_ref, clk_ref onto the ROSC, while the PLLs are changed.
    MMIO.clear(SYS_CTRL, 1)
    MMIO.wait(SYS_SELECTED, bits: 1)
    MMIO.clear(REF_CTRL, 3)
    MMIO.wait(REF_SELECTED, bits: 1)

    // 12 MHz × 125 = 1500 MHz VCO, ÷ 6 ÷ 2 = 125 MHz; 12 MHz × 100 = 1200 MHz, ÷ 5 ÷ 5 = 48 MHz.
    PLL.start(PLL.sys, feedback: 125, postDivider1: 6, postDivider2: 2)
    PLL.start(PLL.usb, feedback: 100, postDivider1: 5, postDivider2: 5)

    // clk_ref = XOSC (glitchless source 2).
    MMIO.write(REF_DIV, divideByOne)
    MMIO.write(REF_CTRL, 2)
    MMIO.wait(REF_SELECTED, bits: 1 << 2)

    // clk_sys = PLL_SYS through the glitchless aux mux (AUXSRC 0, SRC 1).
    MMIO.write(SYS_DIV, divideByOne)
    MMIO.write(SYS_CTRL, 0)
    MMIO.write(SYS_CTRL, 1)
    MMIO.wait(SYS_SELECTED, bits: 1 << 1)

    // clk_usb and clk_adc = PLL_USB (AUXSRC 0), clk_peri = clk_sys (AUXSRC 0):
    // plain muxes, switched while disabled.
    MMIO.write(USB_CTRL, 0)
    MMIO.write(USB_DIV, divideByOne)
    MMIO.write(USB_CTRL, enable)
    MMIO.write(ADC_CTRL, 0)
    MMIO.write(ADC_DIV, divideByOne)
    MMIO.write(ADC_CTRL, enable)
    MMIO.write(PERI_CTRL, 0)
    MMIO.write(PERI_CTRL, enable)

    // Watchdog tick = clk_ref / 12 = 1 MHz: the TIMER's microsecond.
    MMIO.write(WATCHDOG_TICK, tickEnable | (crystalHz / 1_000_000))
  }
}

/// PLL_SYS and PLL_USB (0x4002_8000, 0x4002_C000).
enum PLL {
  static let sys: UInt32 = 0x4002_8000
  static let usb: UInt32 = 0x4002_C000
  static func CS(_ pll: UInt32) -> UInt32 { pll + 0x0 }
  static func PWR(_ pll: UInt32) -> UInt32 { pll + 0x4 }
  static func FBDIV_INT(_ pll: UInt32) -> UInt32 { pll + 0x8 }
  static func PRIM(_ pll: UInt32) -> UInt32 { pll + 0xC }
  static let lock: UInt32 = 1 << 31
  static let powerDown: UInt32 = 1 << 0
  static let postDividerPowerDown: UInt32 = 1 << 3
  static let vcoPowerDown: UInt32 = 1 << 5

  static func start(_ pll: UInt32, feedback: UInt32, postDivider1: UInt32, postDivider2: UInt32) {
    let block = pll == sys ? Resets.pllSys : Resets.pllUSB
    Resets.hold(block)
    Resets.release(block)
    MMIO.write(CS(pll), 1)  // reference divider 1
    MMIO.write(FBDIV_INT(pll), feedback)
    MMIO.clear(PWR(pll), powerDown | vcoPowerDown)
    MMIO.wait(CS(pll), bits: lock)
    MMIO.write(PRIM(pll), postDivider1 << 16 | postDivider2 << 12)
    MMIO.clear(PWR(pll), postDividerPowerDown)
  }
}

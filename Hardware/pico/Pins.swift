import RP2040

/// The Raspberry Pi Pico's board facts: its pins, the serial port's rate, where the
/// parameters live in flash and the bring-up watchdog (Hardware/pico/README.md).
enum Pico {
  static let uartTX: UInt32 = 0
  static let uartRX: UInt32 = 1
  static let ledPin: UInt32 = 25
  /// The RT6150 SMPS's PS pin: high forces PWM mode, less ripple on the 3.3 V rail
  /// that is both the dividers' supply and ADC_VREF (Pico datasheet, Powerchain).
  static let smpsModePin: UInt32 = 23
  static let leftPin: UInt32 = 26  // ADC0
  static let rightPin: UInt32 = 27  // ADC1
  static let baud: UInt32 = 115_200
  /// Flash offset of parameter sector 0 (0x101F_E000 in the XIP window; pico.ld).
  static let paramsOffset: UInt32 = 2 * 1024 * 1024 - 2 * Flash.sectorSize

  /// The watchdog during clock bring-up, on the ROSC's tick (÷ 6, about 1 MHz): 4 s
  /// nominal, 24 million ROSC cycles however fast the ROSC runs. The bounded waits of
  /// `Clocks.start` count CPU cycles of the same ROSC (until the crystal takes over):
  /// together under 7 million even at the largest crystal start-up delay, so they
  /// end first; the watchdog catches only a real hang.
  static let bringUpWatchdogMs: UInt32 = 4_000

  /// The flash offset of parameter sector `page` (0 or 1).
  static func sector(_ page: Int) -> UInt32 {
    precondition(page == 0 || page == 1, "no such parameter sector")
    return paramsOffset + UInt32(page) * Flash.sectorSize
  }
}

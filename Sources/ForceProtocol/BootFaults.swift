/// What went wrong while the device brought its clocks up, a bit each
/// (`info.bootFaults`); empty when the boot was clean or the board has no clock
/// bring-up to report (micro:bit, SITL). The device keeps running on what did start:
/// Hardware/pico/README.md says what each fault leaves working, and the LED blinks it.
public struct BootFaults: OptionSet, Sendable {
  /// The bits.
  public var rawValue: UInt16
  /// Wraps bits.
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// The crystal oscillator never reported stable: the chip runs on its ring
  /// oscillator (timing and baud rate approximate, no USB).
  public static let crystal = BootFaults(rawValue: 1 << 0)
  /// The system PLL did not lock: the CPU and peripherals run from the crystal.
  public static let systemPLL = BootFaults(rawValue: 1 << 1)
  /// The USB PLL did not lock: no USB; the ADC runs from the crystal.
  public static let usbPLL = BootFaults(rawValue: 1 << 2)
  /// A clock multiplexer did not report the source it was switched to: that clock
  /// stayed on its previous source.
  public static let clockSwitch = BootFaults(rawValue: 1 << 3)
  /// The watchdog reset the chip while it was bringing its clocks up (a hang no
  /// timeout caught): this boot left the PLLs off.
  public static let bringUpHang = BootFaults(rawValue: 1 << 4)
}

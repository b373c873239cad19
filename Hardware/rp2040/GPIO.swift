/// Bank 0 GPIOs: the function of each pin (IO_BANK0, 0x4001_4000), its pad
/// (PADS_BANK0, 0x4001_C000) and the single-cycle I/O outputs (SIO, 0xD000_0000).
/// Pins come out of reset with no function; the board chooses them.
public enum GPIO {
  static let IO_BANK0: UInt32 = 0x4001_4000
  static func CTRL(_ pin: UInt32) -> UInt32 { IO_BANK0 + 0x004 + 8 * pin }
  static let PADS_BANK0: UInt32 = 0x4001_C000
  static func PAD(_ pin: UInt32) -> UInt32 { PADS_BANK0 + 0x04 + 4 * pin }
  static let SIO: UInt32 = 0xD000_0000
  static let OUT_SET = SIO + 0x14
  static let OUT_CLR = SIO + 0x18
  static let OUT_XOR = SIO + 0x1C
  static let OE_SET = SIO + 0x24

  /// FUNCSEL values used here.
  public static let functionUART: UInt32 = 2
  public static let functionSIO: UInt32 = 5
  public static let functionNone: UInt32 = 0x1F

  // Pad bits.
  static let padInputEnable: UInt32 = 1 << 6
  static let padDrive4mA: UInt32 = 1 << 4
  static let padPullUp: UInt32 = 1 << 3
  static let padSchmitt: UInt32 = 1 << 1

  /// Takes the GPIO blocks out of reset.
  public static func start() { Resets.release(Resets.ioBank0 | Resets.padsBank0) }

  /// Routes `pin` to a peripheral (UART) or to SIO.
  public static func select(_ pin: UInt32, function: UInt32) { MMIO.write(CTRL(pin), function) }

  /// A digital input with the pull-up on (an idle UART RX line stays high).
  public static func inputPullUp(_ pin: UInt32) {
    MMIO.write(PAD(pin), padInputEnable | padSchmitt | padDrive4mA | padPullUp)
  }

  /// An analog pin: no function, no pulls, digital input off (ADC inputs GP26-29).
  public static func analog(_ pin: UInt32) {
    select(pin, function: functionNone)
    analogPull(pin, up: false)
  }

  /// An analog pin's pad with its 50–80 kΩ pull-up on or off, digital input still off.
  public static func analogPull(_ pin: UInt32, up: Bool) {
    MMIO.write(PAD(pin), up ? padSchmitt | padDrive4mA | padPullUp : padSchmitt | padDrive4mA)
  }

  /// A push-pull output driven by SIO, starting low.
  public static func output(_ pin: UInt32) {
    MMIO.write(OUT_CLR, 1 << pin)
    MMIO.write(OE_SET, 1 << pin)
    select(pin, function: functionSIO)
  }

  /// Drives an SIO output pin.
  public static func write(_ pin: UInt32, _ high: Bool) { MMIO.write(high ? OUT_SET : OUT_CLR, 1 << pin) }
}

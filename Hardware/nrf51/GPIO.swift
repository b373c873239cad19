/// GPIO port P0 (0x5000_0000).
enum GPIO {
  static let base: UInt32 = 0x5000_0000
  static let OUT = base + 0x504
  static let OUTSET = base + 0x508
  static let OUTCLR = base + 0x50C
  static let IN = base + 0x510
  static let DIRSET = base + 0x518
  static let DIRCLR = base + 0x51C
  static func PIN_CNF(_ pin: UInt32) -> UInt32 { base + 0x700 + 4 * pin }

  // PIN_CNF fields: DIR (bit 0), INPUT buffer disconnect (bit 1), PULL (bits 2-3),
  // DRIVE (bits 8-10), SENSE (bits 16-17).
  static let cnfOutput: UInt32 = 0b11  // DIR = output, input buffer disconnected
  /// DIR = input, buffer connected, PULL = 3 (pull-up; 1 would be pull-down).
  static let cnfInputPullUp: UInt32 = 0b11 << 2

  static func configureOutputs(_ mask: UInt32) {
    var pin: UInt32 = 0
    while pin < 32 {
      if mask & (1 << pin) != 0 { MMIO.write(PIN_CNF(pin), cnfOutput) }
      pin += 1
    }
  }

  /// An input with the internal pull-up (about 13 kΩ) on: an undriven line reads high.
  static func configureInputPullUp(_ pin: UInt32) { MMIO.write(PIN_CNF(pin), cnfInputPullUp) }
  /// An analog input (the reset state: input buffer disconnected), with the pull-up on
  /// or off. The pull sits in the pad, so it acts whichever peripheral reads the pin.
  static func analog(_ pin: UInt32, pullUp: Bool) {
    MMIO.write(PIN_CNF(pin), pullUp ? 0b1110 : 0b0010)
  }
  static func set(_ mask: UInt32) { MMIO.write(OUTSET, mask) }
  static func clear(_ mask: UInt32) { MMIO.write(OUTCLR, mask) }
}

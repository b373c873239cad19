/// ADC (0x4004_C000): 12-bit SAR converter from the 48 MHz clk_adc, inputs 0-3 on
/// GP26-GP29 (datasheet 4.9). Registers and fields are named as in the datasheet.
///
/// Each frame converts the two cells as one pair, off the CPU: the frame alarm's
/// interrupt calls `startPair`, which sets CS.START_MANY with CS.RROBIN naming both
/// inputs, so the converter samples the first, then (one DIV interval later) the
/// second, into the FIFO. At two entries (FCS.THRESH) ADC_IRQ_FIFO fires and
/// `finishPair` (from the board's handler) stops the run and keeps both samples.
///
/// The reference is ADC_VREF; on the Pico it is the 3.3 V rail (through a 200 Ω
/// filter), the same rail that feeds the force dividers, so a reading is
/// ratiometric: result = 4095 · Vpin / 3V3, whatever the rail's exact voltage.
/// The board reads the 12-bit results through `E11Correction` (ForceFirmware),
/// which corrects the wide codes of erratum RP2040-E11 and rounds to 10 bits.
public enum ADC {
  static let base: UInt32 = 0x4004_C000
  static let CS = base + 0x00
  static let FCS = base + 0x08
  static let FIFO = base + 0x0C
  static let DIV = base + 0x10
  static let INTE = base + 0x18

  // CS fields.
  static let EN: UInt32 = 1 << 0
  static let START_MANY: UInt32 = 1 << 3
  static let READY: UInt32 = 1 << 8
  static func AINSEL(_ input: UInt32) -> UInt32 { (input & 7) << 12 }
  static func RROBIN(_ inputs: UInt32) -> UInt32 { (inputs & 0x1F) << 16 }
  // FCS fields.
  static let FCS_EN: UInt32 = 1 << 0
  static let UNDER: UInt32 = 1 << 10
  static let OVER: UInt32 = 1 << 11
  static func THRESH(_ level: UInt32) -> UInt32 { (level & 0xF) << 24 }
  static func LEVEL(_ fcs: UInt32) -> UInt32 { (fcs >> 16) & 0xF }
  // INTE field.
  static let FIFO_INT: UInt32 = 1 << 0

  /// NVIC line of ADC_IRQ_FIFO.
  public static let irq: UInt32 = 22
  /// START_MANY starts a conversion every DIV.INT + 1 clk_adc cycles: 480, 10 µs, so
  /// the handler has 8 µs after the pair to stop the run before a third starts.
  static let interval: UInt32 = 480
  /// One conversion takes 96 clk_adc cycles (2 µs, 250 CPU cycles); this bound is ~20×.
  static let maxSpins: UInt32 = 5_000

  /// The two inputs of a pair, in conversion order (`start` sets them).
  nonisolated(unsafe) static var first: UInt32 = 0
  nonisolated(unsafe) static var second: UInt32 = 1

  /// Takes the ADC out of reset, enables it, makes `pins` analog inputs and sets up
  /// the FIFO (threshold 2) and its interrupt. The NVIC line stays for the board.
  public static func start(pins: (UInt32, UInt32)) {
    Resets.hold(Resets.adc)
    Resets.release(Resets.adc)
    GPIO.analog(pins.0)
    GPIO.analog(pins.1)
    first = pins.0 - 26
    second = pins.1 - 26
    MMIO.write(CS, EN)
    MMIO.wait(CS, bits: READY, spins: maxSpins)
    MMIO.write(DIV, (interval - 1) << 8)
    MMIO.write(FCS, FCS_EN | THRESH(2) | UNDER | OVER)
    MMIO.write(INTE, FIFO_INT)
  }

  /// Starts the frame's pair: empties the FIFO of anything a late stop left there,
  /// then converts `first` and `second` in turn (round robin from `first`).
  public static func startPair() {
    while LEVEL(MMIO.read(FCS)) != 0 { _ = MMIO.read(FIFO) }
    MMIO.write(FCS, FCS_EN | THRESH(2) | UNDER | OVER)
    MMIO.write(CS, EN | RROBIN(1 << first | 1 << second) | AINSEL(first) | START_MANY)
  }

  /// From ADC_IRQ_FIFO: stops the run and returns the pair (12 bits each), or nil when
  /// the FIFO holds fewer than two samples. FCS is written again last (clearing OVER
  /// and UNDER), which in rp2040py is also what lowers the interrupt line once the
  /// FIFO is below its threshold (its FIFO reads do not).
  public static func finishPair() -> (first: UInt16, second: UInt16)? {
    MMIO.clear(CS, START_MANY)
    defer { MMIO.write(FCS, FCS_EN | THRESH(2) | UNDER | OVER) }
    guard LEVEL(MMIO.read(FCS)) >= 2 else { return nil }
    let a = MMIO.read(FIFO) & 0xFFF
    let b = MMIO.read(FIFO) & 0xFFF
    return (UInt16(truncatingIfNeeded: a), UInt16(truncatingIfNeeded: b))
  }
}

/// ADC (0x4004_C000): 12-bit SAR converter at 500 ksps from the 48 MHz clk_adc,
/// inputs 0-3 on GP26-GP29, one-shot conversions, polled (datasheet 4.9).
///
/// The reference is ADC_VREF; on the Pico it is the 3.3 V rail (through a 200 Ω
/// filter), the same rail that feeds the force dividers, so a reading is
/// ratiometric: result = 4095 · Vpin / 3V3, whatever the rail's exact voltage.
public struct ADC {
  static let base: UInt32 = 0x4004_C000
  static let CS = base + 0x00
  static let RESULT = base + 0x04
  static let enable: UInt32 = 1 << 0
  static let startOne: UInt32 = 1 << 2
  static let ready: UInt32 = 1 << 8

  /// One conversion takes 96 clk_adc cycles (2 µs, 250 CPU cycles); this bound is ~20×.
  static let maxSpins: UInt32 = 5_000
  /// Conversions summed per reading.
  public static let oversampling: UInt32 = 4

  /// Takes the ADC out of reset, enables it, and makes `pins` analog inputs.
  public init(pins: (UInt32, UInt32)) {
    Resets.hold(Resets.adc)
    Resets.release(Resets.adc)
    GPIO.analog(pins.0)
    GPIO.analog(pins.1)
    MMIO.write(ADC.CS, ADC.enable)
    MMIO.wait(ADC.CS, bits: ADC.ready, spins: ADC.maxSpins)
  }

  /// One 12-bit conversion of `input` (0-3 = GP26-GP29), or nil if it never finished.
  public func convert(input: UInt32) -> UInt16? {
    MMIO.write(ADC.CS, ADC.enable | ADC.startOne | (input & 7) << 12)
    guard MMIO.wait(ADC.CS, bits: ADC.ready, spins: ADC.maxSpins) else { return nil }
    return UInt16(truncatingIfNeeded: MMIO.read(ADC.RESULT) & 0xFFF)
  }

  /// A 10-bit reading (0-1023) of `input`: the sum of `oversampling` (4) 12-bit
  /// conversions, i.e. a 14-bit value, rounded to 10 bits: (sum + 8) >> 4, clamped
  /// to 1023. That is the mean of the four rounded half up, then ÷ 4 rounded half up:
  /// a single conversion x would give (x + 2) >> 2. Averaging four halves the noise
  /// of one conversion; 16 µs for both cells. 0 if the converter stops answering.
  public func read10(input: UInt32) -> UInt16 {
    var sum: UInt32 = 0
    for _ in 0..<ADC.oversampling {
      guard let value = convert(input: input) else { return 0 }
      sum += UInt32(value)
    }
    return ADC.tenBits(sum: sum)
  }

  /// The rounding of `read10`, for a sum of four 12-bit conversions.
  public static func tenBits(sum: UInt32) -> UInt16 {
    UInt16(min((sum + 8) >> 4, 1023))
  }
}

/// The Pico's 12-bit conversion as the engine's 10-bit reading, with the RP2040's
/// wide codes (erratum RP2040-E11) corrected. `PicoBoard.frameDue` reads each cell
/// through it; the host's sensor model (`SensorBoard.pico`) reads its 12-bit codes
/// through it too, so a simulated trace holds what the firmware would read.
///
/// RP2040-E11: the converter's differential non-linearity is below 1 LSB except at
/// the 12-bit codes 512, 1536, 2560 and 3584 (RP2040 datasheet, errata), where the
/// code is about 10 input LSB wide (DNL about 9, measured on Picos). A wide code
/// does not lose the codes after it: the error (reading − input) drops by about
/// 9 LSB across it and climbs back over the 1024 codes to the next, a sawtooth
/// about zero. Averaging conversions does not help (the chip's noise, about 1 LSB,
/// is far narrower than the code), so this subtracts the sawtooth instead: a
/// reading r at distance d = r − c from its nearest wide code c (|d| ≤ 512) moves
/// away from c by `halfStep16`/16 · (512 − |d|) / 512 LSB, then rounds to 10 bits. The wide
/// code itself stays (the input inside it is lost; it reads the code's middle), its
/// neighbours move out by about 4.5 LSB, the codes half-way between move nothing.
/// A slow ramp through a wide code then reads monotonically, in steps of one
/// 10-bit count, with the same error on both sides (Docs/sensor-model.md).
///
/// Fixed point in 1/16 LSB, one multiply and shifts: no division in the frame path.
public enum E11Correction {
  /// Half the error step across a wide code, in 1/16 of a 12-bit LSB: 4.5 LSB
  /// (the sensor model's `SensorBoard.e11WideCodeLSB` of 10, less the code's own 1).
  public static let halfStep16: Int32 = 72

  /// The 10-bit reading of a 12-bit conversion `code` (0…4095), corrected, 0…1023.
  public static func tenBits(_ code: UInt16) -> UInt16 {
    let r = Int32(code & 0xFFF)
    // The nearest wide code is the 512 of r's own 1024-code block: d in -512…511.
    let d = (r & 1023) - 512
    let distance = d < 0 ? -d : d
    let shift = (halfStep16 * (512 - distance)) >> 9
    let y16 = (r << 4) + (d < 0 ? -shift : d > 0 ? shift : 0)
    // (y + 2) >> 2 in 1/16 LSB: + 32, >> 6.
    return UInt16(truncatingIfNeeded: Swift.min(Swift.max((y16 + 32) >> 6, 0), 1023))
  }
}

/// ADC (0x4000_7000): 10-bit successive-approximation converter, one input per
/// conversion, polled.
///
/// Reference choice: each FSR is a voltage divider fed from the board's 3 V rail
/// (VDD), so its output is a fraction of VDD. Converting against a reference that
/// is itself a fixed fraction of VDD makes the reading ratiometric:
///   input  = AIN / 3   (INPSEL = AnalogInputOneThirdPrescaling)
///   ref    = VDD / 3   (REFSEL = SupplyOneThirdPrescaling)
///   result = 1023 * AIN / VDD
/// so a sagging battery does not change the force reading. The internal 1.2 V
/// band-gap (VBG) would make the reading follow VDD instead. VDD/3 stays inside
/// the reference's allowed 0.83-1.3 V for VDD 2.5-3.9 V, and AIN/3 never exceeds it.
struct ADC {
  static let base: UInt32 = 0x4000_7000
  static let TASKS_START = base + 0x000
  static let TASKS_STOP = base + 0x004
  static let EVENTS_END = base + 0x100
  static let BUSY = base + 0x400
  static let ENABLE = base + 0x500
  static let CONFIG = base + 0x504
  static let RESULT = base + 0x508

  // CONFIG fields.
  static let res10bit: UInt32 = 2 << 0
  static let inpselOneThird: UInt32 = 2 << 2
  static let refselSupplyOneThird: UInt32 = 3 << 5
  static func psel(ain: UInt32) -> UInt32 { (1 << ain) << 8 }

  /// micro:bit edge P0 = P0.03 = AIN4 (left cell); P1 = P0.02 = AIN3 (right cell).
  static let ainLeft: UInt32 = 4
  static let ainRight: UInt32 = 3

  /// A 10-bit conversion takes 68 µs (~1100 CPU cycles); this bound is ~10x that.
  static let maxSpins: UInt32 = 2_000

  /// False when the converter never signals END (QEMU does not model the ADC).
  let present: Bool

  init() {
    MMIO.write(ADC.ENABLE, 1)
    var probe: UInt16 = 0
    present = ADC.convert(ain: ADC.ainLeft, into: &probe)
  }

  /// One conversion on `ain`; false if END did not arrive in time.
  static func convert(ain: UInt32, into value: inout UInt16) -> Bool {
    MMIO.write(CONFIG, res10bit | inpselOneThird | refselSupplyOneThird | psel(ain: ain))
    MMIO.write(EVENTS_END, 0)
    MMIO.trigger(TASKS_START)
    var spins: UInt32 = 0
    while MMIO.read(EVENTS_END) == 0 {
      spins += 1
      if spins >= maxSpins {
        MMIO.trigger(TASKS_STOP)
        return false
      }
    }
    MMIO.write(EVENTS_END, 0)
    value = UInt16(truncatingIfNeeded: MMIO.read(RESULT) & 0x3FF)
    return true
  }

  /// Both cells, 0...1023 each; (0, 0) without an ADC. Blocks ~140 µs.
  func readCells() -> (left: UInt16, right: UInt16) {
    guard present else { return (0, 0) }
    var left: UInt16 = 0
    var right: UInt16 = 0
    _ = ADC.convert(ain: ADC.ainLeft, into: &left)
    _ = ADC.convert(ain: ADC.ainRight, into: &right)
    return (left, right)
  }
}

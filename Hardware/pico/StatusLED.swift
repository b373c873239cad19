import ForceProtocol
import RP2040

/// The Pico's one LED standing in for the micro:bit's 5×5 matrix: off while idle,
/// steady while picking upwards, blinking (about 3 Hz at 200 frames/s: 32 frames
/// on, 32 off) while picking downwards. It reads the firmware's LED image: any
/// LED lit means picking, the bottom-left LED (bit 20) means down.
///
/// After a boot fault (`BootFaults`) it blinks the fault's code instead, for as long
/// as the firmware runs: N flashes of a quarter second (2^18 µs on the TIMER), then
/// 1.8 s dark, N = 1 crystal, 2 system PLL, 3 USB PLL, 4 clock switch, 5 bring-up
/// hang (the lowest fault bit when there are several; `forcectl info` lists them all).
struct StatusLED {
  let pin: UInt32
  private var picking = false
  private var down = false
  private var frame: UInt32 = 0
  /// The boot fault code, 0 for none.
  private var flashes: UInt32 = 0
  private var unit: UInt32 = 0
  private var phase: UInt32 = 0

  init(pin: UInt32) { self.pin = pin }

  /// Makes the pin an output; with `faults`, the LED blinks the lowest one's code.
  mutating func start(faults: BootFaults) {
    GPIO.output(pin)
    flashes = StatusLED.code(faults)
  }

  /// 1 + the lowest fault bit (1 crystal … 5 bring-up hang), 0 for none.
  static func code(_ faults: BootFaults) -> UInt32 {
    guard faults.rawValue != 0 else { return 0 }
    return UInt32(faults.rawValue.trailingZeroBitCount) + 1
  }

  mutating func show(_ image: UInt32) {
    picking = image != 0
    down = image & (1 << 20) != 0
  }

  /// Called once per frame.
  mutating func refresh() {
    frame &+= 1
    guard flashes == 0 else { return blinkCode() }
    GPIO.write(pin, picking && (!down || frame & 32 == 0))
  }

  /// A cycle of 2N + 6 quarter seconds: on in the even quarters of the first 2N.
  private mutating func blinkCode() {
    let now = Timer.now() >> 18
    if now != unit {
      unit = now
      phase = phase + 1 >= 2 * flashes + 6 ? 0 : phase + 1
    }
    GPIO.write(pin, phase < 2 * flashes && phase & 1 == 0)
  }
}

import RP2040

/// The Pico's one LED standing in for the micro:bit's 5×5 matrix: off while idle,
/// steady while picking upwards, blinking (about 3 Hz at 200 frames/s: 32 frames
/// on, 32 off) while picking downwards. It reads the firmware's LED image: any
/// LED lit means picking, the bottom-left LED (bit 20) means down.
struct StatusLED {
  let pin: UInt32
  private var picking = false
  private var down = false
  private var frame: UInt32 = 0

  init(pin: UInt32) { self.pin = pin }

  func start() { GPIO.output(pin) }

  mutating func show(_ image: UInt32) {
    picking = image != 0
    down = image & (1 << 20) != 0
  }

  /// Called once per frame.
  mutating func refresh() {
    frame &+= 1
    GPIO.write(pin, picking && (!down || frame & 32 == 0))
  }
}

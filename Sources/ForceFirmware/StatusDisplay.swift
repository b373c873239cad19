/// The LEDs that show picking and direction: the micro:bit's 5×5 matrix, the Pico's
/// single LED (which shows a summary of the image).
public protocol StatusDisplay {
  /// Shows a 5×5 image: bit (row * 5 + column) set = LED on, row 0 at the top.
  mutating func showLEDs(_ image: UInt32)
  /// Keeps the display multiplexing; call often (at least once per frame).
  mutating func refreshLEDs()
}

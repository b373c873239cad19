import ForceFirmware

/// Where the micro:bit's frames get their readings: the nRF51's ADC (`ADC`, the
/// product image) or the benchmark gesture (`GestureCells`, the emulator's image).
protocol MicrobitCells: CellSensor {
  /// Sets the source up (before the frame timer runs).
  init()
  /// Starts delivering a pair each frame.
  mutating func start()
  /// Whether this frame's readings are ready, `tick` being whether the frame timer
  /// ticked since the last call.
  mutating func frameReady(tick: Bool) -> Bool
}

/// The cells through the ADC: a pair converted each frame by the timer through PPI.
extension ADC: MicrobitCells {
  var hasADC: Bool { present }
  func start() { startOnFrames() }
  /// The nRF51's 11–16 kΩ pull-ups on P0 and P1, between two frames' conversions.
  func setCellPullUps(_ on: Bool) {
    GPIO.analog(ADC.pinLeft, pullUp: on)
    GPIO.analog(ADC.pinRight, pullUp: on)
  }
  /// With an ADC, once the frame's pair is converted; without (QEMU), at the tick.
  func frameReady(tick: Bool) -> Bool { present ? takePair() : tick }
}

/// The emulator image's cells (`Tools/build-firmware --adc gesture`): QEMU has no
/// ADC, so each frame tick takes the next frame of the benchmark gesture instead.
struct GestureCells: MicrobitCells {
  private var frame: UInt32 = 0

  var hasADC: Bool { true }
  /// The gesture's next frame.
  mutating func readCells() -> (left: UInt16, right: UInt16) {
    frame = frame == BenchTrace.cycleFrames &- 1 ? 0 : frame &+ 1
    return BenchTrace.sample(frame)
  }
  func start() {}
  func frameReady(tick: Bool) -> Bool { tick }
}

import ForceFirmware

/// BBC micro:bit v1 (nRF51822, Cortex-M0 at 16 MHz, 256 KB flash, 16 KB RAM).
///
/// Register-level drivers, one per file: UART.swift, ADC.swift, Timers.swift,
/// NVMC.swift, LEDMatrix.swift, Watchdog.swift (WDT + POWER.RESETREAS),
/// Clock.swift, GPIO.swift, PPI.swift, Sleep.swift; all MMIO goes through MMIO.swift.
/// The loop polls and sleeps between frames (`Sleep.sleep`); the only interrupt
/// handler is the ADC's. The SysTick the nRF51 does not have is never used.
struct MicrobitBoard: Board {
  var name: StaticString { "microbit-v1" }

  private var uart: UART
  private var adc: ADC
  private var leds: LEDMatrix
  #if GESTURE_ADC
    private var gestureFrame: UInt32 = 0
  #endif
  let resetReason: ResetReason
  /// Raw POWER.RESETREAS bits as read at boot (before clearing), for diagnostics.
  let resetReasonBits: UInt32

  init() {
    let bits = ResetCause.readAndClear()
    resetReasonBits = bits
    resetReason = MicrobitBoard.decode(resetReas: bits)
    Clock.startCrystal()
    TickCounter.start()
    uart = UART()
    leds = LEDMatrix()
    adc = ADC()
    adc.startOnFrames()
    Sleep.enableWakeUps()
  }

  static func decode(resetReas bits: UInt32) -> ResetReason {
    if bits == 0 { return .powerOn }
    if bits & ResetCause.dog != 0 { return .watchdog }
    if bits & ResetCause.lockup != 0 { return .lockup }
    if bits & ResetCause.softReset != 0 { return .software }
    if bits & ResetCause.resetPin != 0 { return .pin }
    return .other  // wake from System OFF, LPCOMP, debug interface
  }

  // MARK: UART

  mutating func uartRead() -> UInt8? { uart.read() }
  mutating func uartWrite(_ byte: UInt8) -> Bool { uart.write(byte) }
  var uartErrors: UInt32 { uart.errors }

  // MARK: ADC

  #if GESTURE_ADC
    // The emulator image (`Tools/build-firmware --adc gesture`): QEMU has no ADC, so
    // each frame tick takes the next frame of the benchmark gesture instead.
    var hasADC: Bool { true }
    /// The gesture's next frame.
    mutating func readCells() -> (left: UInt16, right: UInt16) {
      gestureFrame = gestureFrame == BenchTrace.cycleFrames &- 1 ? 0 : gestureFrame &+ 1
      return BenchTrace.sample(gestureFrame)
    }
    mutating func frameDue() -> Bool { FrameTimer.due() }
  #else
    var hasADC: Bool { adc.present }
    /// The pair the ADC interrupt finished this frame.
    mutating func readCells() -> (left: UInt16, right: UInt16) { adc.readCells() }
    /// The nRF51's 11–16 kΩ pull-ups on P0 and P1, between two frames' conversions.
    mutating func setCellPullUps(_ on: Bool) {
      GPIO.analog(ADC.pinLeft, pullUp: on)
      GPIO.analog(ADC.pinRight, pullUp: on)
    }
    /// With an ADC, once the frame's pair is converted; without, at the timer tick.
    mutating func frameDue() -> Bool {
      let tick = FrameTimer.due()
      return adc.present ? adc.takePair() : tick
    }
  #endif

  // MARK: Timing

  mutating func startFrameTimer(hz: UInt32) { FrameTimer.start(hz: hz) }
  mutating func sleepUntilWork(transmitting: Bool) -> Bool {
    Sleep.sleep(transmitting: transmitting)
    return true
  }
  mutating func ticks() -> UInt32 { TickCounter.now() }
  var tickHz: UInt32 { TickCounter.hz }
  /// Measured on the stack startup.c paints at reset.
  var stackHighWater: UInt16 { UInt16(truncatingIfNeeded: CPU.stackHighWater) }
  /// The supply the ADC measures at boot and about once a second (`ADC.configSupply`):
  /// 3600 mV / 1023 a count, as 225/64 (0.1 % low); 0 without an ADC (QEMU).
  var supplyMillivolts: UInt16 { UInt16(truncatingIfNeeded: UInt32(adcPair.supply) &* 225 >> 6) }

  // MARK: Flash

  var flashPageSize: Int { Int(NVMC.pageSize) }
  var flashPageCount: Int { Int(NVMC.paramPages) }
  func flashRead(page: Int, offset: Int, into buffer: UnsafeMutableRawBufferPointer) {
    NVMC.read(page: page, offset: offset, into: buffer)
  }
  mutating func flashErase(page: Int) throws(FlashError) {
    try checkFlashAccess(page: page)
    NVMC.erase(page: page)
  }
  mutating func flashWrite(page: Int, offset: Int, words: UnsafeRawBufferPointer) throws(FlashError) {
    try checkFlashAccess(page: page, offset: offset, count: words.count)
    NVMC.write(page: page, offset: offset, words: words)
  }

  // MARK: LEDs, watchdog

  mutating func showLEDs(_ image: UInt32) { leds.show(image) }
  mutating func refreshLEDs() { leds.refresh() }
  mutating func startWatchdog(timeoutMs: UInt32) { Watchdog.start(timeoutMs: timeoutMs) }
  mutating func feedWatchdog() { Watchdog.feed() }
}

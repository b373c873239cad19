import ForceFirmware

/// BBC micro:bit v1 (nRF51822, Cortex-M0 at 16 MHz, 256 KB flash, 16 KB RAM).
///
/// Register-level drivers, one per file: UART.swift, ADC.swift, Timers.swift,
/// NVMC.swift, LEDMatrix.swift, Watchdog.swift (WDT + POWER.RESETREAS),
/// Clock.swift, GPIO.swift, PPI.swift, Sleep.swift; all MMIO goes through MMIO.swift.
/// The loop polls and sleeps between frames (`Sleep.sleep`); the only interrupt
/// handler is the ADC's. The SysTick the nRF51 does not have is never used. Where
/// the cells' readings come from is `Cells` (`MicrobitCells`): the ADC in the product
/// image, the benchmark gesture in the emulator's (`app-gesture/`).
struct MicrobitBoard<Cells: MicrobitCells>: Board {
  var name: StaticString { "microbit-v1" }

  private var uart: UART
  private var cells: Cells
  private var leds: LEDMatrix
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
    cells = Cells()
    cells.start()
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

  // MARK: Serial port

  mutating func serialRead() -> UInt8? { uart.read() }
  mutating func serialWrite(_ byte: UInt8) -> Bool { uart.write(byte) }
  var serialErrors: UInt32 { uart.errors }

  // MARK: Cells

  var hasADC: Bool { cells.hasADC }
  mutating func readCells() -> (left: UInt16, right: UInt16) { cells.readCells() }
  mutating func setCellPullUps(_ on: Bool) { cells.setCellPullUps(on) }
  /// When the cells have the frame's readings (`MicrobitCells.frameReady`).
  mutating func frameDue() -> Bool { cells.frameReady(tick: FrameTimer.due()) }

  // MARK: Timing

  mutating func startFrameTimer(hz: UInt32) { FrameTimer.start(hz: hz) }
  mutating func sleepUntilWork(transmitting: Bool) -> (from: UInt32, to: UInt32)? {
    Sleep.sleep(transmitting: transmitting)
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

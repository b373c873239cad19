import ForceFirmware
import ForceProtocol
import RP2040

/// Raspberry Pi Pico (RP2040, Cortex-M0+ at 125 MHz, 2 MB flash, 264 KB RAM).
///
/// The board's choices on top of the chip drivers (Hardware/rp2040): the serial port
/// (`PicoSerial`: USB CDC-ACM, or UART0 on GP0 (TX) / GP1 (RX) at 115200 8N1 in the
/// UART build), the left cell on GP26 (ADC0) and the right one on GP27 (ADC1), the
/// on-board LED on GP25, the SMPS in PWM mode (GP23 high), parameters in the last
/// two 4 KB sectors of flash. The frame alarm starts each frame's ADC pair and the ADC's
/// FIFO interrupt keeps it (`Interrupts.swift`); between frames the core sleeps
/// (`WFI`) until the alarm, the ADC, the serial port (UART0 or USB) wakes it.
struct PicoBoard: Board {
  var name: StaticString { "pico" }

  static let uartTX: UInt32 = 0
  static let uartRX: UInt32 = 1
  static let ledPin: UInt32 = 25
  /// The RT6150 SMPS's PS pin: high forces PWM mode, less ripple on the 3.3 V rail
  /// that is both the dividers' supply and ADC_VREF (Pico datasheet, Powerchain).
  static let smpsModePin: UInt32 = 23
  static let leftPin: UInt32 = 26  // ADC0
  static let rightPin: UInt32 = 27  // ADC1
  static let baud: UInt32 = 115_200
  /// Flash offset of parameter sector 0 (0x101F_E000 in the XIP window; pico.ld).
  static let paramsOffset: UInt32 = 2 * 1024 * 1024 - 2 * Flash.sectorSize

  /// The watchdog during clock bring-up, on the ROSC's tick (÷ 6, about 1 MHz): 4 s
  /// nominal, 24 million ROSC cycles however fast the ROSC runs. The bounded waits of
  /// `Clocks.start` count CPU cycles of the same ROSC (until the crystal takes over):
  /// together under 7 million even at the largest crystal start-up delay, so they
  /// end first; the watchdog catches only a real hang.
  static let bringUpWatchdogMs: UInt32 = 4_000

  private var serial: PicoSerial
  private var led = StatusLED(pin: PicoBoard.ledPin)
  let resetReason: ResetReason
  let bootFaults: BootFaults
  let chipRevision: UInt16

  /// Reads why and on what silicon it started, starts the watchdog (so a hang in
  /// bring-up resets the chip), brings the clocks up, then the peripherals on them.
  init() {
    let cause = ResetCause.read()
    resetReason = PicoBoard.decode(watchdog: cause.watchdog, chip: cause.chip)
    chipRevision = UInt16(truncatingIfNeeded: SysInfo.revision())
    Watchdog.startTick(cycles: Clocks.ringTickCycles)
    Watchdog.start(timeoutMs: PicoBoard.bringUpWatchdogMs)
    let clocks = Clocks.start(startupMultiplier: pico_xosc_startup_multiplier())
    bootFaults = PicoBoard.bootFaults(clocks.faults)
    GPIO.start()
    // The SMPS in PWM mode for as long as the frames sample, that is always.
    GPIO.output(PicoBoard.smpsModePin)
    GPIO.write(PicoBoard.smpsModePin, true)
    Timer.start()
    serial = PicoSerial(clocks: clocks)
    ADC.start(pins: (PicoBoard.leftPin, PicoBoard.rightPin))
    NVIC.enable(ADC.irq)
    NVIC.enable(Timer.irqAlarm0)
    led.start(faults: bootFaults)
  }

  /// The chip's clock faults as the protocol numbers them.
  static func bootFaults(_ clocks: ClockFaults) -> BootFaults {
    var faults: BootFaults = []
    if clocks.contains(.crystal) { faults.insert(.crystal) }
    if clocks.contains(.systemPLL) { faults.insert(.systemPLL) }
    if clocks.contains(.usbPLL) { faults.insert(.usbPLL) }
    if clocks.contains(.clockSwitch) { faults.insert(.clockSwitch) }
    if clocks.contains(.bringUpHang) { faults.insert(.bringUpHang) }
    return faults
  }

  static func decode(watchdog: UInt32, chip: UInt32) -> ResetReason {
    if watchdog & ResetCause.watchdogTimer != 0 { return .watchdog }
    if watchdog & ResetCause.watchdogForce != 0 { return .software }
    if chip & ResetCause.hadRunPin != 0 { return .pin }
    if chip & ResetCause.hadPowerOn != 0 { return .powerOn }
    return .other  // a debugger's rescue reset
  }

  // MARK: Serial port

  mutating func uartRead() -> UInt8? { serial.read() }
  mutating func uartWrite(_ byte: UInt8) -> Bool { serial.write(byte) }
  var uartErrors: UInt32 { serial.errors }

  // MARK: ADC

  var hasADC: Bool { true }
  private var cells: (left: UInt16, right: UInt16) = (0, 0)
  /// The pair of the frame `frameDue` took, its wide codes corrected and rounded to
  /// 10 bits (`E11Correction`, ForceFirmware).
  mutating func readCells() -> (left: UInt16, right: UInt16) { cells }
  /// The pads' pull-ups on GP26 and GP27, between two frames' conversions.
  mutating func setCellPullUps(_ on: Bool) {
    GPIO.analogPull(PicoBoard.leftPin, up: on)
    GPIO.analogPull(PicoBoard.rightPin, up: on)
  }

  // MARK: Timing

  mutating func startFrameTimer(hz: UInt32) {
    CPU.maskInterrupts()
    frameState.alarm.start(hz: hz)
    CPU.unmaskInterrupts()
  }
  /// Once the frame's pair is converted (then `readCells` returns it).
  mutating func frameDue() -> Bool {
    CPU.maskInterrupts()
    let state = frameState
    frameState.ready = false
    CPU.unmaskInterrupts()
    guard state.ready else { return false }
    cells = (E11Correction.tenBits(state.left), E11Correction.tenBits(state.right))
    return true
  }
  /// Sleeps (`WFI`) unless a pair is waiting or a wake-up is already pending; the
  /// check and the sleep run with interrupts masked, so none is lost in between.
  mutating func sleepUntilWork(transmitting: Bool) -> Bool {
    CPU.maskInterrupts()
    let serialLine = serial.wakeOn(transmitting: transmitting)
    NVIC.enable(serialLine)
    let lines: UInt32 = 1 << serialLine | 1 << ADC.irq | 1 << Timer.irqAlarm0
    if !frameState.ready && !NVIC.pending(lines) { CPU.waitForInterrupt() }
    CPU.unmaskInterrupts()
    return true
  }
  mutating func ticks() -> UInt32 { Timer.now() }
  var tickHz: UInt32 { Timer.hz }
  /// Measured on the stack painted at reset (Hardware/cortex-m0/stack.c).
  var stackHighWater: UInt16 { UInt16(truncatingIfNeeded: CPU.stackHighWater) }

  // MARK: Flash

  var flashPageSize: Int { Int(Flash.sectorSize) }
  var flashPageCount: Int { 2 }
  func flashRead(page: Int, offset: Int, into buffer: UnsafeMutableRawBufferPointer) {
    precondition(offset >= 0 && offset + buffer.count <= flashPageSize, "outside the sector")
    Flash.read(at: PicoBoard.sector(page) + UInt32(offset), into: buffer)
  }
  mutating func flashErase(page: Int) throws(FlashError) {
    try checkFlashAccess(page: page)
    Flash.eraseSector(at: PicoBoard.sector(page))
  }
  mutating func flashWrite(page: Int, offset: Int, words: UnsafeRawBufferPointer) throws(FlashError) {
    try checkFlashAccess(page: page, offset: offset, count: words.count)
    Flash.program(at: PicoBoard.sector(page) + UInt32(offset), words)
  }

  static func sector(_ page: Int) -> UInt32 {
    precondition(page == 0 || page == 1, "no such parameter sector")
    return paramsOffset + UInt32(page) * Flash.sectorSize
  }

  // MARK: LED, watchdog

  mutating func showLEDs(_ image: UInt32) { led.show(image) }
  mutating func refreshLEDs() { led.refresh() }
  mutating func startWatchdog(timeoutMs: UInt32) { Watchdog.start(timeoutMs: timeoutMs) }
  mutating func feedWatchdog() { Watchdog.feed() }
}

/// `xosc_startup_delay_multiplier` of Hardware/pico/board.json (facts.c).
@_silgen_name("pico_xosc_startup_multiplier")
func pico_xosc_startup_multiplier() -> UInt32

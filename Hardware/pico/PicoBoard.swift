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
/// (`WFI`) until the alarm, the ADC, the serial port (UART0 or USB) wakes it. The
/// serial port is `Serial`: `PicoUSBSerial` (`app/`) or `PicoUARTSerial` (`app-uart/`).
struct PicoBoard<Serial: PicoSerialPort>: Board {
  var name: StaticString { "pico" }

  private var serial: Serial
  private var led = StatusLED(pin: Pico.ledPin)
  let resetReason: ResetReason
  let bootFaults: BootFaults
  let chipRevision: UInt16

  /// Reads why and on what silicon it started, starts the watchdog (so a hang in
  /// bring-up resets the chip), brings the clocks up, then the peripherals on them.
  init() {
    let cause = ResetCause.read()
    resetReason = Self.decode(watchdog: cause.watchdog, chip: cause.chip)
    chipRevision = UInt16(truncatingIfNeeded: SysInfo.revision())
    Watchdog.startTick(cycles: Clocks.ringTickCycles)
    Watchdog.start(timeoutMs: Pico.bringUpWatchdogMs)
    let clocks = Clocks.start(startupMultiplier: pico_xosc_startup_multiplier())
    bootFaults = Self.bootFaults(clocks.faults)
    GPIO.start()
    // The SMPS in PWM mode for as long as the frames sample, that is always.
    GPIO.output(Pico.smpsModePin)
    GPIO.write(Pico.smpsModePin, true)
    Timer.start()
    serial = Serial(clocks: clocks)
    ADC.start(pins: (Pico.leftPin, Pico.rightPin))
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

  mutating func serialRead() -> UInt8? { serial.serialRead() }
  mutating func serialWrite(_ byte: UInt8) -> Bool { serial.serialWrite(byte) }
  var serialErrors: UInt32 { serial.serialErrors }

  // MARK: ADC

  var hasADC: Bool { true }
  private var cells: (left: UInt16, right: UInt16) = (0, 0)
  /// The pair of the frame `frameDue` took, its wide codes corrected and rounded to
  /// 10 bits (`E11Correction`, ForceFirmware).
  mutating func readCells() -> (left: UInt16, right: UInt16) { cells }
  /// The pads' pull-ups on GP26 and GP27, between two frames' conversions.
  mutating func setCellPullUps(_ on: Bool) {
    GPIO.analogPull(Pico.leftPin, up: on)
    GPIO.analogPull(Pico.rightPin, up: on)
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

  /// Sends what this pass wrote, then sleeps (`WFI`) unless a pair is waiting or a
  /// wake-up is already pending; the check and the sleep run with interrupts masked,
  /// so none is lost in between.
  mutating func sleepUntilWork(transmitting: Bool) -> (from: UInt32, to: UInt32)? {
    serial.flush()
    CPU.maskInterrupts()
    let serialLine = serial.wakeOn(transmitting: transmitting)
    NVIC.enable(serialLine)
    let lines: UInt32 = 1 << serialLine | 1 << ADC.irq | 1 << Timer.irqAlarm0
    let asleep = Timer.now()
    if !frameState.ready && !NVIC.pending(lines) { CPU.waitForInterrupt() }
    let woke = Timer.now()  // before the handlers run: their time is awake time
    CPU.unmaskInterrupts()
    return (asleep, woke)
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
    Flash.read(at: Pico.sector(page) + UInt32(offset), into: buffer)
  }
  mutating func flashErase(page: Int) throws(FlashError) {
    try checkFlashAccess(page: page)
    Flash.eraseSector(at: Pico.sector(page))
  }
  mutating func flashWrite(page: Int, offset: Int, words: UnsafeRawBufferPointer) throws(FlashError) {
    try checkFlashAccess(page: page, offset: offset, count: words.count)
    Flash.program(at: Pico.sector(page) + UInt32(offset), words)
  }

  // MARK: Bootloader

  /// The boot ROM's USB bootloader (BOOTSEL mode: the RPI-RP2 drive).
  var hasBootloader: Bool { true }
  var bootloaderRequested: Bool { serial.bootloaderRequested }
  var serialIdle: Bool { serial.idle }
  /// The boot ROM's `reset_usb_boot`, with no activity LED and both of its interfaces
  /// (the drive and PICOBOOT); does not return.
  mutating func rebootToBootloader() { BootROM.rebootToUSBBoot() }

  // MARK: HID

  /// Beside the USB serial port; none in the UART build (its `HIDPort` defaults).
  typealias StepQueue = Serial.StepQueue
  var hasHID: Bool { serial.hasHID }
  mutating func sendHID(_ input: HIDInput) -> Bool { serial.sendHID(input) }
  var wheelUnitsPerDetent: Int32 { serial.wheelUnitsPerDetent }
  var hidSuspends: UInt32 { serial.hidSuspends }

  // MARK: LED, watchdog

  mutating func showLEDs(_ image: UInt32) { led.show(image) }
  mutating func refreshLEDs() { led.refresh() }
  mutating func startWatchdog(timeoutMs: UInt32) { Watchdog.start(timeoutMs: timeoutMs) }
  mutating func feedWatchdog() { Watchdog.feed() }
}

/// `xosc_startup_delay_multiplier` of Hardware/pico/board.json (facts.c).
@_silgen_name("pico_xosc_startup_multiplier")
func pico_xosc_startup_multiplier() -> UInt32

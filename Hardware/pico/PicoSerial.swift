import ForceFirmware
import ForceUSB
import RP2040

/// The Pico's serial port, the board's one choice made per image: USB CDC-ACM
/// (`PicoUSBSerial`, `app/`) or UART0 (`PicoUARTSerial`, `app-uart/`).
protocol PicoSerialPort: SerialPort, HIDPort {
  /// The port on the clocks `Clocks.start` brought up.
  init(clocks: ClockReport)
  /// Before a sleep, with interrupts enabled: hands what this pass wrote to the
  /// hardware, so it leaves now and not at the next wake-up.
  mutating func flush()
  /// Before a sleep: arms the port's interrupt to wake the core for a received byte
  /// (and, when `transmitting`, for room to send); returns its NVIC line.
  func wakeOn(transmitting: Bool) -> UInt32
  /// Every byte written has left the port.
  var idle: Bool { get }
  /// The host asked for the bootloader on the port itself (USB: the 1200-baud touch).
  var bootloaderRequested: Bool { get }
}

/// The serial port in the UART build (`Tools/build-firmware --board pico --serial
/// uart`): UART0 on GP0 (TX) / GP1 (RX) at 115200 8N1, for boards whose USB port is
/// used for something else.
struct PicoUARTSerial: PicoSerialPort {
  private var uart: UART

  /// The baud-rate divisor from clk_peri as `Clocks.start` left it.
  init(clocks: ClockReport) {
    uart = UART(base: UART.uart0, tx: Pico.uartTX, rx: Pico.uartRX, baud: Pico.baud, clockHz: clocks.systemHz)
  }

  mutating func serialRead() -> UInt8? { uart.read() }
  mutating func serialWrite(_ byte: UInt8) -> Bool { uart.write(byte) }
  /// Framing, parity, break and overrun errors.
  var serialErrors: UInt32 { uart.errors }
  /// Written bytes are in the TX FIFO already.
  mutating func flush() {}
  /// The TX FIFO and the shift register are empty.
  var idle: Bool { uart.idle }
  /// A UART has no way to ask.
  var bootloaderRequested: Bool { false }

  /// A received byte (or, when `transmitting`, room to send) raises UART0_IRQ, whose
  /// handler (`Interrupts.swift`) lowers it again.
  func wakeOn(transmitting: Bool) -> UInt32 {
    uart.wakeOn(transmitting: transmitting)
    return uart.irq
  }
}

/// The serial port in the default build: a USB CDC-ACM device on the Pico's own USB
/// port (`/dev/ttyACM*` on Linux; Docs/usb.md). Bytes written while no host has the
/// port open (DTR low) are discarded; while the host does not read, `serialWrite`
/// returns false and the firmware's transmit queue drops telemetry and counts it.
struct PicoUSBSerial: PicoSerialPort {
  private var port: USBSerial<USBDeviceController>
  /// False without clk_usb (PLL_USB did not lock: `BootFaults.usbPLL`): the
  /// controller stays in reset, nothing is received and what is sent is discarded,
  /// as while no host has the port open.
  private let live: Bool

  /// USB runs from clk_usb, whatever clk_peri is. The serial number is the flash
  /// chip's unique ID, read before the device connects (Docs/usb.md, Identity).
  init(clocks: ClockReport) {
    live = clocks.usb
    let identity = USBIdentity(
      version: FirmwareApp<PicoBoard<PicoUSBSerial>>.version, serialNumber: Flash.uniqueID())
    port = USBSerial(controller: USBDeviceController(connect: clocks.usb), identity: identity)
  }

  mutating func serialRead() -> UInt8? { live ? port.read() : nil }
  mutating func serialWrite(_ byte: UInt8) -> Bool { live ? port.write(byte) : true }
  /// USB has no receive errors the firmware sees: the controller retries bad packets.
  var serialErrors: UInt32 { 0 }
  /// Sends the partly filled packet (`USBSerial.service`).
  mutating func flush() { if live { port.service() } }
  /// Nothing staged or on the bus (or nobody listening).
  var idle: Bool { !live || port.idle }
  /// DTR dropped at 1200 baud, the request's status stage sent (Docs/usb.md).
  var bootloaderRequested: Bool { live && port.bootloaderRequested }
  /// Interface 2 (Docs/usb.md, the HID report descriptor).
  typealias StepQueue = HIDSteps
  var hasHID: Bool { true }
  /// The resolution multiplier's units once the host has turned it on, else 1.
  var wheelUnitsPerDetent: Int32 { port.device.wheelMultiplierOn ? Int32(HIDReports.wheelMultiplier) : 1 }
  /// Times the host suspended the bus.
  var hidSuspends: UInt32 { port.suspends }
  /// The report of `input`'s collection (`HIDReports`).
  mutating func sendHID(_ input: HIDInput) -> Bool {
    guard live else { return false }
    switch input {
    case .key(let code): return port.sendReport(id: HIDReports.keyboardID, data: code)
    case .wheel(let detents): return port.sendReport(id: HIDReports.wheelID, data: UInt8(bitPattern: detents))
    case .consumer(let buttons): return port.sendReport(id: HIDReports.consumerID, data: buttons)
    case .axis(let position):
      return port.sendReport(
        id: HIDReports.axisID, data: UInt8(truncatingIfNeeded: position), high: UInt8(truncatingIfNeeded: position >> 8)
      )
    }
  }

  /// USBCTRL_IRQ (raised for what the controller's `poll` handles, a finished IN
  /// transfer included) wakes the core; its handler masks the line.
  func wakeOn(transmitting: Bool) -> UInt32 { USBDeviceController.irq }
}

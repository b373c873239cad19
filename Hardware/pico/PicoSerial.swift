import ForceFirmware
import ForceUSB
import RP2040

#if SERIAL_UART
  /// The Pico's serial port in the UART build (`Tools/build-firmware --board pico
  /// --serial uart`): UART0 on GP0 (TX) / GP1 (RX) at 115200 8N1, for boards whose
  /// USB port is used for something else.
  struct PicoSerial {
    private var uart: UART

    /// `clockHz`: clk_peri as `Clocks.start` left it.
    init(clockHz: UInt32) {
      uart = UART(base: UART.uart0, tx: PicoBoard.uartTX, rx: PicoBoard.uartRX, baud: PicoBoard.baud, clockHz: clockHz)
    }

    mutating func read() -> UInt8? { uart.read() }
    mutating func write(_ byte: UInt8) -> Bool { uart.write(byte) }
    /// Framing, parity, break and overrun errors.
    var errors: UInt32 { uart.errors }

    /// Before a sleep: a received byte (or, when `transmitting`, room to send) raises
    /// UART0_IRQ, whose handler (`Interrupts.swift`) lowers it again.
    func wakeOn(transmitting: Bool) -> UInt32 {
      uart.wakeOn(transmitting: transmitting)
      return uart.irq
    }
  }
#else
  /// The Pico's serial port in the default build: a USB CDC-ACM device on the Pico's
  /// own USB port (`/dev/ttyACM*` on Linux; Docs/usb.md). Bytes written while no host
  /// has the port open (DTR low) are discarded; while the host does not read, `write`
  /// returns false and the firmware's transmit queue drops telemetry and counts it.
  struct PicoSerial {
    private var port: USBSerial<USBDeviceController>

    /// USB runs from clk_usb, whatever clk_peri (`clockHz`) is; without PLL_USB
    /// (`BootFaults.usbPLL`) the host never sees the device.
    init(clockHz: UInt32) {
      port = USBSerial(
        controller: USBDeviceController(), identity: USBIdentity(version: FirmwareApp<PicoBoard>.version))
    }

    mutating func read() -> UInt8? { port.read() }
    mutating func write(_ byte: UInt8) -> Bool { port.write(byte) }
    /// USB has no receive errors the firmware sees: the controller retries bad packets.
    var errors: UInt32 { 0 }

    /// Before a sleep: USBCTRL_IRQ (raised for what the controller's `poll` handles,
    /// a finished IN transfer included) wakes the core; its handler masks the line.
    func wakeOn(transmitting: Bool) -> UInt32 { USBDeviceController.irq }
  }
#endif

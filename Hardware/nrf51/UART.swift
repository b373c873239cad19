/// UART0 (0x4000_2000), polled and non-blocking, 115200 8N1 on the board's pins
/// (`pinTX`, `pinRX`: the micro:bit's in Hardware/microbit/Wiring.swift).
struct UART {
  static let base: UInt32 = 0x4000_2000
  static let TASKS_STARTRX = base + 0x000
  static let TASKS_STOPRX = base + 0x004
  static let TASKS_STARTTX = base + 0x008
  static let TASKS_STOPTX = base + 0x00C
  static let EVENTS_RXDRDY = base + 0x108
  static let EVENTS_TXDRDY = base + 0x11C
  static let EVENTS_ERROR = base + 0x124
  static let INTENSET = base + 0x304
  static let INTENCLR = base + 0x308
  static let ERRORSRC = base + 0x480
  static let ENABLE = base + 0x500
  static let PSELRTS = base + 0x508
  static let PSELTXD = base + 0x50C
  static let PSELCTS = base + 0x510
  static let PSELRXD = base + 0x514
  static let RXD = base + 0x518
  static let TXD = base + 0x51C
  static let BAUDRATE = base + 0x524
  static let CONFIG = base + 0x56C

  static let intRXDRDY: UInt32 = 1 << 2
  static let intTXDRDY: UInt32 = 1 << 7
  static let baud115200: UInt32 = 0x01D7_E000
  static let disconnected: UInt32 = 0xFFFF_FFFF

  /// True while the byte last written to TXD has not produced TXDRDY yet.
  private var txBusy = false
  /// Receive errors (overrun, parity, framing, break) since boot.
  private(set) var errors: UInt32 = 0

  init() {
    GPIO.set(1 << UART.pinTX)  // idle line high before the UART takes the pin
    GPIO.configureOutputs(1 << UART.pinTX)
    // Pulled up: on battery power the interface chip that drives RX is off, and a
    // floating RX would read noise as bytes and errors; an idle UART line is high.
    GPIO.configureInputPullUp(UART.pinRX)
    MMIO.write(UART.PSELTXD, UART.pinTX)
    MMIO.write(UART.PSELRXD, UART.pinRX)
    MMIO.write(UART.PSELRTS, UART.disconnected)
    MMIO.write(UART.PSELCTS, UART.disconnected)
    MMIO.write(UART.CONFIG, 0)  // no parity, no flow control
    MMIO.write(UART.BAUDRATE, UART.baud115200)
    MMIO.write(UART.ENABLE, 4)  // 4 = enabled
    MMIO.write(UART.EVENTS_RXDRDY, 0)
    MMIO.write(UART.EVENTS_TXDRDY, 0)
    MMIO.trigger(UART.TASKS_STARTRX)
    MMIO.trigger(UART.TASKS_STARTTX)
  }

  /// Next received byte, or nil. Clears RXDRDY before reading RXD, as the manual
  /// requires, so a byte arriving in between raises the event again.
  mutating func read() -> UInt8? {
    if MMIO.read(UART.EVENTS_ERROR) != 0 {
      // Overrun/framing/break: acknowledge and keep going; the protocol layer's
      // framing and checksums deal with the lost bytes.
      MMIO.write(UART.EVENTS_ERROR, 0)
      MMIO.write(UART.ERRORSRC, MMIO.read(UART.ERRORSRC))  // write 1s to clear
      errors &+= 1
    }
    guard MMIO.consume(UART.EVENTS_RXDRDY) else { return nil }
    return UInt8(truncatingIfNeeded: MMIO.read(UART.RXD))
  }

  /// Starts sending `byte`; false while the previous byte is still in flight.
  mutating func write(_ byte: UInt8) -> Bool {
    if txBusy {
      guard MMIO.consume(UART.EVENTS_TXDRDY) else { return false }
    }
    MMIO.write(UART.TXD, UInt32(byte))
    txBusy = true
    return true
  }
}

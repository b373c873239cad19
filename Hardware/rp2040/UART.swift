/// PL011 UART (UART0 0x4003_4000, UART1 0x4003_8000), 8N1, FIFOs on, polled and
/// non-blocking. Its TX and RX pins are the board's choice.
public struct UART {
  let base: UInt32
  var DR: UInt32 { base + 0x00 }
  var RSR: UInt32 { base + 0x04 }
  var FR: UInt32 { base + 0x18 }
  var IBRD: UInt32 { base + 0x24 }
  var FBRD: UInt32 { base + 0x28 }
  var LCR_H: UInt32 { base + 0x2C }
  var CR: UInt32 { base + 0x30 }
  var IMSC: UInt32 { base + 0x38 }

  public static let uart0: UInt32 = 0x4003_4000
  public static let uart1: UInt32 = 0x4003_8000

  static let flagTXFull: UInt32 = 1 << 5
  static let flagRXEmpty: UInt32 = 1 << 4
  static let flagBusy: UInt32 = 1 << 3
  static let wordLength8: UInt32 = 3 << 5
  static let fifoEnable: UInt32 = 1 << 4
  static let enable: UInt32 = 1 << 0
  static let txEnable: UInt32 = 1 << 8
  static let rxEnable: UInt32 = 1 << 9
  static let RXIM: UInt32 = 1 << 4
  static let TXIM: UInt32 = 1 << 5
  static let RTIM: UInt32 = 1 << 6
  static let errorBits: UInt32 = 0xF00  // DR: overrun, break, parity, framing

  /// Receive errors (overrun, break, parity, framing) since boot.
  public private(set) var errors: UInt32 = 0

  /// Baud-rate divisor in 1/64ths: IBRD = clk_peri / (16 · baud), FBRD = the fraction
  /// rounded (datasheet 4.2.7.1). 125 MHz, 115200 baud: 67 + 52/64, 115 207 baud (+0.006 %).
  public static func divisor(clockHz: UInt32, baud: UInt32) -> (integer: UInt32, fraction: UInt32) {
    let eighths = UInt32((UInt64(clockHz) * 8) / UInt64(baud))  // 128 × the divisor
    return (eighths >> 7, ((eighths & 0x7F) + 1) / 2)
  }

  /// Resets and configures the UART at `base`; `tx`, `rx` are its GPIOs.
  public init(base: UInt32, tx: UInt32, rx: UInt32, baud: UInt32, clockHz: UInt32) {
    self.base = base
    let block = base == UART.uart0 ? Resets.uart0 : Resets.uart1
    Resets.hold(block)
    Resets.release(block)
    let divisor = UART.divisor(clockHz: clockHz, baud: baud)
    MMIO.write(IBRD, divisor.integer)
    MMIO.write(FBRD, divisor.fraction)
    MMIO.write(LCR_H, UART.wordLength8 | UART.fifoEnable)  // also latches IBRD/FBRD
    MMIO.write(CR, UART.enable | UART.txEnable | UART.rxEnable)
    GPIO.inputPullUp(rx)
    GPIO.select(tx, function: GPIO.functionUART)
    GPIO.select(rx, function: GPIO.functionUART)
  }

  /// The next received byte, or nil. A byte with a framing, parity, break or overrun
  /// flag clears the flags, is counted in `errors` and is still returned: the protocol's
  /// CRC rejects the frame.
  public mutating func read() -> UInt8? {
    guard MMIO.read(FR) & UART.flagRXEmpty == 0 else { return nil }
    let data = MMIO.read(DR)
    if data & UART.errorBits != 0 {
      MMIO.write(RSR, 0)
      errors &+= 1
    }
    return UInt8(truncatingIfNeeded: data)
  }

  /// NVIC line of UART0_IRQ (UART1 is 21).
  public var irq: UInt32 { base == UART.uart0 ? 20 : 21 }

  /// Raises the UART's interrupt for a received byte (RXIM, and RTIM for one below the
  /// FIFO's trigger level) and, when `transmitting`, for room in the TX FIFO (TXIM).
  public func wakeOn(transmitting: Bool) {
    MMIO.write(IMSC, UART.RXIM | UART.RTIM | (transmitting ? UART.TXIM : 0))
  }

  /// Lowers the interrupt of the UART at `base` again (from its handler: the loop
  /// reads the FIFOs itself).
  public static func quiet(base: UInt32) { MMIO.write(base + 0x38, 0) }

  /// True once every byte written has left the line: the TX FIFO empty and the shift
  /// register idle (BUSY clear).
  public var idle: Bool { MMIO.read(FR) & UART.flagBusy == 0 }

  /// Queues `byte` in the 32-byte TX FIFO; false while it is full.
  public mutating func write(_ byte: UInt8) -> Bool {
    guard MMIO.read(FR) & UART.flagTXFull == 0 else { return false }
    MMIO.write(DR, UInt32(byte))
    return true
  }
}

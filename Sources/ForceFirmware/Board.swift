/// The hardware a firmware build runs on: one conformance per board, one host fake.
///
/// Kept deliberately small (after TinyUSB and Betaflight): byte-level UART, two ADC
/// channels, a frame timer, a free-running tick counter, flash pages, the LED matrix
/// and a watchdog. Everything is non-blocking; the portable firmware owns the ring
/// buffers, the framing and the frame loop.
public protocol Board {
  /// Board name reported in the handshake, e.g. "microbit-v1".
  var name: StaticString { get }

  // MARK: UART (polled, non-blocking)

  /// Returns the next received byte, or nil when none is waiting.
  mutating func uartRead() -> UInt8?
  /// Hands one byte to the transmitter. Returns false (and drops nothing) when the
  /// transmitter is still busy with the previous byte; the caller retries later.
  mutating func uartWrite(_ byte: UInt8) -> Bool
  /// Receive errors the UART has reported since boot (bytes lost because the receive
  /// FIFO was not read in time, framing errors), reported in `statsReport`.
  var uartErrors: UInt32 { get }

  // MARK: ADC

  /// True when the board has real force cells (false in QEMU and SITL).
  var hasADC: Bool { get }
  /// Samples both FSR cells, 10-bit each (0...1023).
  mutating func readCells() -> (left: UInt16, right: UInt16)

  // MARK: Timing

  /// Starts the periodic frame timer at `hz` frames per second.
  mutating func startFrameTimer(hz: UInt32)
  /// True once per elapsed frame period (reading clears it). Never blocks.
  mutating func frameDue() -> Bool
  /// A free-running counter for benchmarks, in `tickHz` ticks per second.
  mutating func ticks() -> UInt32
  /// Rate of `ticks()`.
  var tickHz: UInt32 { get }
  /// Deepest the stack has been since boot, in bytes (0: not measured; the
  /// extension below gives that default).
  var stackHighWater: UInt16 { get }

  // MARK: Flash

  /// Size of one erasable flash page, in bytes.
  var flashPageSize: Int { get }
  /// Number of pages reserved for parameter storage (at least 2).
  var flashPageCount: Int { get }
  /// Reads `buffer.count` bytes from reserved page `page`, starting at `offset`.
  func flashRead(page: Int, offset: Int, into buffer: UnsafeMutableRawBufferPointer)
  /// Erases reserved page `page` to all 0xFF.
  mutating func flashErase(page: Int)
  /// Writes 32-bit words into an erased region of page `page` (offset word-aligned).
  mutating func flashWrite(page: Int, offset: Int, words: UnsafeRawBufferPointer)

  // MARK: LEDs, watchdog, reset

  /// Shows a 5×5 image: bit (row * 5 + column) set = LED on, row 0 at the top.
  mutating func showLEDs(_ image: UInt32)
  /// Keeps the LED matrix multiplexing; call often (at least once per frame).
  mutating func refreshLEDs()
  /// Starts the watchdog with the given timeout.
  mutating func startWatchdog(timeoutMs: UInt32)
  /// Feeds the watchdog.
  mutating func feedWatchdog()
  /// Why the chip last reset.
  var resetReason: ResetReason { get }
}

/// The stack measured on the device (additive: a board that does not paint its
/// stack keeps this default).
extension Board {
  /// Not measured.
  public var stackHighWater: UInt16 { 0 }
}

/// Why the device last reset, as reported in the handshake.
public enum ResetReason: UInt8 {
  /// Power-on or brown-out.
  case powerOn = 0
  /// The reset pin.
  case pin = 1
  /// The watchdog expired.
  case watchdog = 2
  /// A software reset request.
  case software = 3
  /// CPU lockup.
  case lockup = 4
  /// Anything else.
  case other = 5
}

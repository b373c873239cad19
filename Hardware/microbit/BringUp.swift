import ForceFirmware

/// Bring-up application, generic over `Board`: a banner over UART, echo of
/// every received byte (the banner is sent again after each '\n', so a client
/// that connects late still sees it), an NVMC erase/write/read-back self-test
/// reported in the banner, a sweeping LED pattern, a 200 Hz frame timer and a
/// fed watchdog. The real firmware app replaces this; board code stays apart.
///
/// It erases and rewrites the last parameter page at every boot: bring-up only.
struct BringUp<B: Board> {
  var board: B
  var frame: UInt32 = 0
  /// Tick count at the start of the current window of `window` frames.
  var windowStart: UInt32 = 0
  /// Mean ticks per frame over the last complete window (0 until the first):
  /// 16 MHz / 200 Hz = 80 000 when no frame was missed.
  var frameTicks: UInt32 = 0
  var nvmcOK = false
  var nvmcWord: UInt32 = 0
  var boots: UInt32 = 0

  static var frameHz: UInt32 { 200 }
  static var window: UInt32 { 20 }
  static var magic: UInt32 { 0xF0CE_B007 }

  init(board: B) { self.board = board }

  mutating func run() -> Never {
    selfTestFlash()
    board.startWatchdog(timeoutMs: 500)
    board.startFrameTimer(hz: Self.frameHz)
    windowStart = board.ticks()
    sendBanner()
    var step: UInt32 = 0
    board.showLEDs(Self.pattern(step))
    while true {
      if let byte = board.uartRead() {
        send(byte)
        if byte == UInt8(ascii: "\n") { sendBanner() }
      }
      if board.frameDue() {
        frame &+= 1
        if frame % Self.window == 0 {
          let now = board.ticks()
          frameTicks = (now &- windowStart) / Self.window
          windowStart = now
        }
        board.feedWatchdog()
        board.refreshLEDs()
        if frame % 40 == 0 {  // every 200 ms
          step &+= 1
          board.showLEDs(Self.pattern(step))
        }
      }
    }
  }

  /// A column sweeping left to right, then the whole frame blinking once.
  static func pattern(_ step: UInt32) -> UInt32 {
    let phase = step % 7
    if phase < 5 {
      var image: UInt32 = 0
      for row in 0..<UInt32(5) { image |= 1 << (row * 5 + phase) }
      return image
    }
    return phase == 5 ? 0b11111_10001_10001_10001_11111 : 0
  }

  // MARK: NVMC self-test

  /// Reads the old boot count from the last reserved page, erases it, checks it
  /// reads all 0xFF, writes {magic, boots, ticks} and reads them back.
  mutating func selfTestFlash() {
    let page = board.flashPageCount - 1
    var old: (UInt32, UInt32, UInt32) = (0, 0, 0)
    withUnsafeMutableBytes(of: &old) { board.flashRead(page: page, offset: 0, into: $0) }
    boots = (old.0 == Self.magic ? old.1 : 0) &+ 1

    board.flashErase(page: page)
    var erased = true
    var offset = 0
    while offset < board.flashPageSize {
      var word: UInt32 = 0
      withUnsafeMutableBytes(of: &word) { board.flashRead(page: page, offset: offset, into: $0) }
      if word != 0xFFFF_FFFF { erased = false }
      offset += 4
    }

    nvmcWord = board.ticks() | 1
    var record: (UInt32, UInt32, UInt32) = (Self.magic, boots, nvmcWord)
    withUnsafeBytes(of: &record) { board.flashWrite(page: page, offset: 0, words: $0) }
    var back: (UInt32, UInt32, UInt32) = (0, 0, 0)
    withUnsafeMutableBytes(of: &back) { board.flashRead(page: page, offset: 0, into: $0) }
    nvmcOK = erased && back.0 == record.0 && back.1 == record.1 && back.2 == record.2
  }

  // MARK: Output (bounded spin: a byte takes ~87 µs at 115200 baud)

  mutating func send(_ byte: UInt8) {
    var spins: UInt32 = 0
    while !board.uartWrite(byte) {
      spins += 1
      if spins > 200_000 { return }  // transmitter stuck: drop rather than hang
    }
  }

  mutating func send(_ text: StaticString) {
    let start = text.utf8Start
    for index in 0..<text.utf8CodeUnitCount { send(start[index]) }
  }

  mutating func sendHex(_ value: UInt32) {
    send("0x")
    var shift: UInt32 = 32
    while shift > 0 {
      shift -= 4
      let nibble = UInt8(truncatingIfNeeded: (value >> shift) & 0xF)
      send(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
    }
  }

  mutating func sendDecimal(_ value: UInt32) {
    var divisor: UInt32 = 1_000_000_000
    var started = false
    while divisor > 0 {
      let digit = UInt8(truncatingIfNeeded: (value / divisor) % 10)
      if digit != 0 || started || divisor == 1 {
        send(UInt8(ascii: "0") + digit)
        started = true
      }
      divisor /= 10
    }
  }

  mutating func sendBanner() {
    send("forcepicker microbit bring-up\r\n")
    send("board=")
    send(board.name)
    send(" reset=")
    send(Self.label(board.resetReason))
    send(" adc=")
    send(board.hasADC ? "yes" : "no")
    let cells = board.readCells()
    send(" cells=")
    sendDecimal(UInt32(cells.left))
    send(",")
    sendDecimal(UInt32(cells.right))
    send(" nvmc=")
    send(nvmcOK ? "ok" : "FAIL")
    send(" word=")
    sendHex(nvmcWord)
    send(" boots=")
    sendDecimal(boots)
    send(" frame-ticks=")
    sendDecimal(frameTicks)
    send(" tick-hz=")
    sendDecimal(board.tickHz)
    send("\r\n")
  }

  static func label(_ reason: ResetReason) -> StaticString {
    switch reason {
    case .powerOn: return "power-on"
    case .pin: return "pin"
    case .watchdog: return "watchdog"
    case .software: return "software"
    case .lockup: return "lockup"
    case .other: return "other"
    }
  }
}

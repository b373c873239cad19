import ForceFirmware

/// A host fake of the `Board`: flash pages with the NVMC's rules (erase to 0xFF,
/// writes only clear bits), a power cut after a given number of flash operations,
/// and a UART that is a pair of byte queues.
struct FakeBoard: Board {
  var name: StaticString { "fake" }
  var flash = [UInt8](repeating: 0xFF, count: 2048)
  /// Flash operations (erase or one 32-bit word written) left before the power is
  /// cut; nil: never. After the cut, flash ignores everything.
  var operationsBeforeCut: Int?
  var received: [UInt8] = []
  var sent: [UInt8] = []
  /// When false the transmitter stays busy: the device's transmit queue fills.
  var transmitterReady = true
  /// Readings of a force sensor; nil: the board has none.
  var cells: (left: UInt16, right: UInt16)?
  var frames = 0
  var tickCount: UInt32 = 0

  mutating func uartRead() -> UInt8? { received.isEmpty ? nil : received.removeFirst() }
  mutating func uartWrite(_ byte: UInt8) -> Bool {
    guard transmitterReady else { return false }
    sent.append(byte)
    return true
  }
  var uartErrors: UInt32 { 0 }
  var hasADC: Bool { cells != nil }
  mutating func readCells() -> (left: UInt16, right: UInt16) { cells ?? (0, 0) }
  mutating func startFrameTimer(hz: UInt32) {}
  mutating func frameDue() -> Bool {
    frames += 1
    return true
  }
  /// Advances 3 ticks a read: a frame timed by two reads takes 3 ticks, the cost of a read.
  mutating func ticks() -> UInt32 {
    tickCount &+= 3
    return tickCount
  }
  var tickHz: UInt32 { 1_000_000 }
  var flashPageSize: Int { 1024 }
  var flashPageCount: Int { 2 }

  func flashRead(page: Int, offset: Int, into buffer: UnsafeMutableRawBufferPointer) {
    for index in 0..<buffer.count { buffer[index] = flash[page * 1024 + offset + index] }
  }

  mutating func flashErase(page: Int) {
    guard consumeOperation() else { return }
    for index in (page * 1024)..<((page + 1) * 1024) { flash[index] = 0xFF }
  }

  mutating func flashWrite(page: Int, offset: Int, words: UnsafeRawBufferPointer) {
    precondition(offset % 4 == 0 && words.count % 4 == 0)
    for word in 0..<(words.count / 4) {
      guard consumeOperation() else { return }
      for byte in 0..<4 {
        flash[page * 1024 + offset + word * 4 + byte] &= words[word * 4 + byte]
      }
    }
  }

  private mutating func consumeOperation() -> Bool {
    guard let left = operationsBeforeCut else { return true }
    guard left > 0 else { return false }
    operationsBeforeCut = left - 1
    return true
  }

  mutating func showLEDs(_ image: UInt32) {}
  mutating func refreshLEDs() {}
  mutating func startWatchdog(timeoutMs: UInt32) {}
  mutating func feedWatchdog() {}
  var resetReason: ResetReason { .powerOn }
}

import ForceFirmware

/// A host fake of the `Board`: flash pages with the NVMC's rules (erase to 0xFF,
/// writes only clear bits), a power cut after a given number of flash operations,
/// and a UART that is a pair of byte queues.
public struct FakeBoard: Board {
  /// A board with erased flash, no power cut and empty UART queues.
  public init() {}

  public var name: StaticString { "fake" }
  public var flash = [UInt8](repeating: 0xFF, count: 2048)
  /// Flash operations (erase or one 32-bit word written) left before the power is
  /// cut; nil: never. After the cut, flash ignores everything.
  public var operationsBeforeCut: Int?
  public var received: [UInt8] = []
  public var sent: [UInt8] = []
  /// When false the transmitter stays busy: the device's transmit queue fills.
  public var transmitterReady = true
  /// Readings of a force sensor; nil: the board has none.
  public var cells: (left: UInt16, right: UInt16)?
  public var frames = 0
  /// The supply the board reports as measured, mV (0: not measured, as SITL).
  public var supplyMillivolts: UInt16 = 0
  public var tickCount: UInt32 = 0

  public mutating func serialRead() -> UInt8? { received.isEmpty ? nil : received.removeFirst() }
  public mutating func serialWrite(_ byte: UInt8) -> Bool {
    guard transmitterReady else { return false }
    sent.append(byte)
    return true
  }
  public var serialErrors: UInt32 { 0 }

  /// Whether the board has a bootloader to reboot into (`bootsel`); false as on the
  /// micro:bit.
  public var hasBootloader = false
  /// The host asked for the bootloader on the port itself (the 1200-baud touch).
  public var bootloaderRequested = false
  /// Bytes written but not yet gone out of the port (a USB packet on the bus).
  public var serialBusy = false
  /// The bytes `sent` at each reboot into the bootloader, in order (it returns here).
  public private(set) var reboots: [Int] = []
  public var serialIdle: Bool { !serialBusy }
  public mutating func rebootToBootloader() { reboots.append(sent.count) }
  public var hasADC: Bool { cells != nil }
  /// What the cells read while their pull-ups are on (the probe); nil: as without.
  public var pulledCells: (left: UInt16, right: UInt16)?
  /// Whether the firmware has the cells' pull-ups on.
  public var pullUps = false
  /// For each frame read, whether the pull-ups were on.
  public var framesPulled: [Bool] = []
  public mutating func readCells() -> (left: UInt16, right: UInt16) {
    framesPulled.append(pullUps)
    return pullUps ? pulledCells ?? cells ?? (0, 0) : cells ?? (0, 0)
  }
  public mutating func setCellPullUps(_ on: Bool) { pullUps = on }
  public mutating func startFrameTimer(hz: UInt32) {}
  /// Loop passes per frame: one pass in every `pollsPerFrame` is a frame.
  public var pollsPerFrame = 1
  var passes = 0
  public mutating func frameDue() -> Bool {
    passes += 1
    guard passes >= pollsPerFrame else { return false }
    passes = 0
    frames += 1
    return true
  }

  /// Whether the board has a USB HID interface (the Pico's); false as on the micro:bit.
  public var hasHID = false
  /// While false the host takes no report (it stopped polling): `sendHID` refuses.
  public var hidPolled = true
  /// Every HID report taken by the host, in order.
  public var hidReports: [HIDInput] = []
  public typealias StepQueue = HIDSteps
  /// Wheel units per detent: 1, or 8 once the host "turned on" the resolution multiplier.
  public var wheelUnitsPerDetent: Int32 = 1
  /// Times the "host" suspended the bus.
  public var hidSuspends: UInt32 = 0
  public mutating func sendHID(_ input: HIDInput) -> Bool {
    guard hidPolled else { return false }
    hidReports.append(input)
    return true
  }
  /// Advances 3 ticks a read: a frame timed by two reads takes 3 ticks, the cost of a read.
  public mutating func ticks() -> UInt32 {
    tickCount &+= 3
    return tickCount
  }
  public var tickHz: UInt32 { 1_000_000 }
  public var flashPageSize: Int { 1024 }
  public var flashPageCount: Int { flashPages }
  /// Pages of parameter flash the board reports: 2, or 0 for a board without any.
  public var flashPages = 2

  public func flashRead(page: Int, offset: Int, into buffer: UnsafeMutableRawBufferPointer) {
    precondition(page >= 0 && page < 2 && offset >= 0 && offset + buffer.count <= 1024)
    for index in 0..<buffer.count { buffer[index] = flash[page * 1024 + offset + index] }
  }

  public mutating func flashErase(page: Int) throws(FlashError) {
    try checkFlashAccess(page: page)
    guard consumeOperation() else { return }
    for index in (page * 1024)..<((page + 1) * 1024) { flash[index] = 0xFF }
  }

  public mutating func flashWrite(page: Int, offset: Int, words: UnsafeRawBufferPointer) throws(FlashError) {
    try checkFlashAccess(page: page, offset: offset, count: words.count)
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

  /// The last image shown on the LEDs.
  public private(set) var ledImage: UInt32 = 0
  public mutating func showLEDs(_ image: UInt32) { ledImage = image }
  public mutating func refreshLEDs() {}
  public mutating func startWatchdog(timeoutMs: UInt32) {}
  public mutating func feedWatchdog() {}
  public var resetReason: ResetReason { .powerOn }
}

/// NVMC (0x4001_E000): flash page erase and word write. Reads go through the
/// memory-mapped flash. While the NVMC erases or writes, the CPU stalls on any
/// flash fetch (page erase up to ~22 ms, word write ~46 µs): feed the watchdog
/// before and keep its timeout well above that.
enum NVMC {
  static let base: UInt32 = 0x4001_E000
  static let READY = base + 0x400
  static let CONFIG = base + 0x504
  static let ERASEPAGE = base + 0x508

  static let configRen: UInt32 = 0
  static let configWen: UInt32 = 1
  static let configEen: UInt32 = 2

  static let pageSize: UInt32 = 1024
  // The board's parameter pages, `paramPages` from `paramsBase`: the micro:bit's in
  // Hardware/microbit/Wiring.swift.

  static func pageAddress(_ page: Int) -> UInt32 {
    precondition(page >= 0 && page < Int(paramPages), "no such parameter page")
    return paramsBase + UInt32(page) * pageSize
  }

  static func waitReady() {
    while MMIO.read(READY) == 0 {}
  }

  static func erase(page: Int) {
    let address = pageAddress(page)
    waitReady()
    MMIO.write(CONFIG, configEen)
    waitReady()
    MMIO.write(ERASEPAGE, address)
    waitReady()
    MMIO.write(CONFIG, configRen)
    waitReady()
  }

  /// Writes whole words; the target must be erased (flash can only clear bits).
  static func write(page: Int, offset: Int, words: UnsafeRawBufferPointer) {
    precondition(offset & 3 == 0 && words.count & 3 == 0, "word-aligned only")
    precondition(offset >= 0 && offset + words.count <= Int(pageSize), "outside the page")
    let start = pageAddress(page) + UInt32(offset)
    waitReady()
    MMIO.write(CONFIG, configWen)
    waitReady()
    var index = 0
    while index < words.count {
      let word = words.loadUnaligned(fromByteOffset: index, as: UInt32.self)
      MMIO.write(start + UInt32(index), word)
      waitReady()
      index += 4
    }
    MMIO.write(CONFIG, configRen)
    waitReady()
  }

  /// Volatile byte reads so they are ordered after the NVMC writes.
  static func read(page: Int, offset: Int, into buffer: UnsafeMutableRawBufferPointer) {
    precondition(offset >= 0 && offset + buffer.count <= Int(pageSize), "outside the page")
    let start = pageAddress(page) + UInt32(offset)
    var index = 0
    while index < buffer.count {
      buffer[index] = MMIO.readByte(start + UInt32(index))
      index += 1
    }
  }
}

/// RESETS (0x4000_C000): every peripheral comes out of the boot ROM held in reset
/// (apart from what the ROM itself uses); `release` takes blocks out and waits
/// until they report done.
public enum Resets {
  static let base: UInt32 = 0x4000_C000
  static let RESET = base + 0x0
  static let RESET_DONE = base + 0x8

  public static let adc: UInt32 = 1 << 0
  public static let ioBank0: UInt32 = 1 << 5
  public static let padsBank0: UInt32 = 1 << 8
  public static let pllSys: UInt32 = 1 << 12
  public static let pllUSB: UInt32 = 1 << 13
  public static let timer: UInt32 = 1 << 21
  public static let uart0: UInt32 = 1 << 22
  public static let uart1: UInt32 = 1 << 23
  public static let usbctrl: UInt32 = 1 << 24

  /// Puts `blocks` into reset.
  public static func hold(_ blocks: UInt32) { MMIO.set(RESET, blocks) }

  /// Takes `blocks` out of reset and waits (at most `spins` reads) until all of them
  /// are done. False on timeout.
  @discardableResult
  public static func release(_ blocks: UInt32, spins: UInt32 = 1_000_000) -> Bool {
    MMIO.clear(RESET, blocks)
    return MMIO.wait(RESET_DONE, bits: blocks, spins: spins)
  }
}

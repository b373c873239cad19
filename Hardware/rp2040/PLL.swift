/// PLL_SYS and PLL_USB (0x4002_8000, 0x4002_C000), from the crystal (datasheet 2.18).
enum PLL {
  static let sys: UInt32 = 0x4002_8000
  static let usb: UInt32 = 0x4002_C000
  static func CS(_ pll: UInt32) -> UInt32 { pll + 0x0 }
  static func PWR(_ pll: UInt32) -> UInt32 { pll + 0x4 }
  static func FBDIV_INT(_ pll: UInt32) -> UInt32 { pll + 0x8 }
  static func PRIM(_ pll: UInt32) -> UInt32 { pll + 0xC }
  static let lock: UInt32 = 1 << 31
  static let powerDown: UInt32 = 1 << 0
  static let postDividerPowerDown: UInt32 = 1 << 3
  static let vcoPowerDown: UInt32 = 1 << 5

  /// Resets `pll`, sets reference divider 1 and `feedback`, powers the VCO and waits
  /// (bounded) for lock, then sets and powers the post dividers. False when it does
  /// not lock (or leave reset): the PLL is then held in reset, powered down.
  static func start(_ pll: UInt32, feedback: UInt32, postDivider1: UInt32, postDivider2: UInt32) -> Bool {
    let block = pll == sys ? Resets.pllSys : Resets.pllUSB
    Resets.hold(block)
    guard Resets.release(block, spins: Timeouts.select) else { return false }
    MMIO.write(CS(pll), 1)  // reference divider 1
    MMIO.write(FBDIV_INT(pll), feedback)
    MMIO.clear(PWR(pll), powerDown | vcoPowerDown)
    guard MMIO.wait(CS(pll), bits: lock, spins: Timeouts.pllLock) else {
      Resets.hold(block)
      return false
    }
    MMIO.write(PRIM(pll), postDivider1 << 16 | postDivider2 << 12)
    MMIO.clear(PWR(pll), postDividerPowerDown)
    return true
  }
}

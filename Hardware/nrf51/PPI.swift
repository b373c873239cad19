/// PPI (0x4001_F000): connects a peripheral event to a task without the CPU.
enum PPI {
  static let base: UInt32 = 0x4001_F000
  static let CHENSET = base + 0x504
  static func CH_EEP(_ n: UInt32) -> UInt32 { base + 0x510 + 8 * n }
  static func CH_TEP(_ n: UInt32) -> UInt32 { base + 0x514 + 8 * n }

  /// Channel `channel`: `event` triggers `task` (register addresses).
  static func connect(channel: UInt32, event: UInt32, task: UInt32) {
    MMIO.write(CH_EEP(channel), event)
    MMIO.write(CH_TEP(channel), task)
    MMIO.write(CHENSET, 1 << channel)
  }
}

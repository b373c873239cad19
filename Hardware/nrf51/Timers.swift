/// TIMER registers, shared by the frame timer and the tick counter.
enum TIMER {
  static let TIMER0: UInt32 = 0x4000_8000
  static let TIMER1: UInt32 = 0x4000_9000
  static let TIMER2: UInt32 = 0x4000_A000

  static func TASKS_START(_ t: UInt32) -> UInt32 { t + 0x000 }
  static func TASKS_STOP(_ t: UInt32) -> UInt32 { t + 0x004 }
  static func TASKS_CLEAR(_ t: UInt32) -> UInt32 { t + 0x00C }
  static func TASKS_CAPTURE(_ t: UInt32, _ n: UInt32) -> UInt32 { t + 0x040 + 4 * n }
  static func EVENTS_COMPARE(_ t: UInt32, _ n: UInt32) -> UInt32 { t + 0x140 + 4 * n }
  static func SHORTS(_ t: UInt32) -> UInt32 { t + 0x200 }
  static func INTENSET(_ t: UInt32) -> UInt32 { t + 0x304 }
  static func INTENCLR(_ t: UInt32) -> UInt32 { t + 0x308 }
  static func MODE(_ t: UInt32) -> UInt32 { t + 0x504 }
  static func BITMODE(_ t: UInt32) -> UInt32 { t + 0x508 }
  static func PRESCALER(_ t: UInt32) -> UInt32 { t + 0x510 }
  static func CC(_ t: UInt32, _ n: UInt32) -> UInt32 { t + 0x540 + 4 * n }

  static let modeTimer: UInt32 = 0
  static let bitmode16: UInt32 = 0
  static let bitmode32: UInt32 = 3
  static let shortCompare0Clear: UInt32 = 1 << 0
  static let intCompare0: UInt32 = 1 << 16
}

/// Frame timer on TIMER1. On the nRF51 only TIMER0 is 32-bit; TIMER1 and TIMER2
/// count at most 16 bits, so the prescaler is chosen to fit one period in 16 bits
/// (200 Hz: prescaler 1 = 8 MHz, CC[0] = 40 000). COMPARE[0] clears the counter
/// through SHORTS, so periods do not drift however late the loop polls.
enum FrameTimer {
  static let timer = TIMER.TIMER1

  static func start(hz: UInt32) {
    let hz = max(hz, 1)
    var prescaler: UInt32 = 0
    while prescaler < 9 && (16_000_000 >> prescaler) / hz > 0xFFFF { prescaler += 1 }
    let period = min((16_000_000 >> prescaler) / hz, 0xFFFF)
    MMIO.trigger(TIMER.TASKS_STOP(timer))
    MMIO.write(TIMER.MODE(timer), TIMER.modeTimer)
    MMIO.write(TIMER.BITMODE(timer), TIMER.bitmode16)
    MMIO.write(TIMER.PRESCALER(timer), prescaler)
    MMIO.write(TIMER.CC(timer, 0), max(period, 1))
    MMIO.write(TIMER.SHORTS(timer), TIMER.shortCompare0Clear)
    MMIO.write(TIMER.EVENTS_COMPARE(timer, 0), 0)
    MMIO.trigger(TIMER.TASKS_CLEAR(timer))
    MMIO.trigger(TIMER.TASKS_START(timer))
  }

  /// Reads and clears EVENTS_COMPARE[0].
  static func due() -> Bool { MMIO.consume(TIMER.EVENTS_COMPARE(timer, 0)) }
}

/// Free-running 16 MHz, 32-bit tick counter for benchmarks on TIMER0 (the only
/// 32-bit TIMER on the nRF51; wraps every 268 s). Read by CAPTURE[0] -> CC[0].
enum TickCounter {
  static let timer = TIMER.TIMER0
  static let hz: UInt32 = 16_000_000

  static func start() {
    MMIO.write(TIMER.MODE(timer), TIMER.modeTimer)
    MMIO.write(TIMER.BITMODE(timer), TIMER.bitmode32)
    MMIO.write(TIMER.PRESCALER(timer), 0)  // 16 MHz / 2^0
    MMIO.write(TIMER.SHORTS(timer), 0)
    MMIO.trigger(TIMER.TASKS_CLEAR(timer))
    MMIO.trigger(TIMER.TASKS_START(timer))
  }

  static func now() -> UInt32 {
    MMIO.trigger(TIMER.TASKS_CAPTURE(timer, 0))
    return MMIO.read(TIMER.CC(timer, 0))
  }
}

/// TIMER (0x4005_4000): a 64-bit microsecond counter (ticked by the watchdog's 1 MHz
/// tick, see Clocks) with four 32-bit alarms.
public enum Timer {
  static let base: UInt32 = 0x4005_4000
  static let ALARM0 = base + 0x10
  static let ARMED = base + 0x20
  static let TIMERAWL = base + 0x28
  static let INTR = base + 0x34
  static let INTE = base + 0x38
  static let alarm0: UInt32 = 1 << 0
  /// NVIC line of TIMER_IRQ_0 (alarm 0).
  public static let irqAlarm0: UInt32 = 0

  /// Counter rate.
  public static let hz: UInt32 = 1_000_000

  /// Takes the TIMER out of reset.
  public static func start() { Resets.release(Resets.timer) }

  /// The low 32 bits of the counter, in µs (wraps every 71.6 minutes).
  public static func now() -> UInt32 { MMIO.read(TIMERAWL) }
}

/// Frame pacing on TIMER alarm 0 and its interrupt, TIMER_IRQ_0: the board's
/// handler calls `fire`, which clears the flag and arms the next deadline one period
/// after the previous one (not after now), so frames do not drift however late the
/// handler runs; a period that does not divide 1 s exactly is spread Bresenham-style
/// (300 Hz: 3333, 3333, 3334 µs). If the handler falls a whole period behind, the
/// next deadline restarts from now.
///
/// An alarm fires only when the counter *equals* its value (datasheet 4.6.2), so a
/// deadline the counter passes before the write lands would fire only after the
/// counter wraps, 71.6 minutes later, and the watchdog would reset the chip first.
/// After each write `fire` reads the counter and then ARMED, as the Pico SDK's
/// `hardware_alarm_set_target` does: a deadline the counter has passed with the alarm
/// still armed was missed, and the next deadline restarts from now (one frame is
/// skipped, as when the handler is a whole period late).
public struct FrameAlarm {
  var deadline: UInt32 = 0
  var period: UInt32 = 5_000
  var remainder: UInt32 = 0
  var hz: UInt32 = 200
  var error: UInt32 = 0

  /// An alarm not yet started.
  public init() {}

  /// Starts frames at `hz` per second and enables alarm 0's interrupt in the TIMER
  /// (the NVIC line is the board's).
  public mutating func start(hz: UInt32) {
    let hz = max(hz, 1)
    self.hz = hz
    period = Timer.hz / hz
    remainder = Timer.hz % hz
    error = 0
    MMIO.write(Timer.ARMED, Timer.alarm0)  // disarm
    MMIO.write(Timer.INTR, Timer.alarm0)  // clear a pending flag
    MMIO.set(Timer.INTE, Timer.alarm0)
    deadline = Timer.now() &+ period
    MMIO.write(Timer.ALARM0, deadline)
  }

  /// From TIMER_IRQ_0: clears the flag and arms the next deadline.
  public mutating func fire() {
    MMIO.write(Timer.INTR, Timer.alarm0)
    deadline &+= period
    error &+= remainder
    if error >= hz {
      error &-= hz
      deadline &+= 1
    }
    var now = Timer.now()
    if Int32(bitPattern: deadline &- now) <= 0 { deadline = now &+ period }
    while true {
      MMIO.write(Timer.ALARM0, deadline)
      // The compare happens on the tick the counter reaches the deadline: wait that
      // tick out (at most 1 µs, only when the deadline is that close); an alarm still
      // armed after it will not fire.
      repeat { now = Timer.now() } while now == deadline
      guard Int32(bitPattern: now &- deadline) > 0, MMIO.read(Timer.ARMED) & Timer.alarm0 != 0 else { return }
      deadline = now &+ period  // missed: restart from now
    }
  }
}

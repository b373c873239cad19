/// The CPU's duty: the share of time it is awake, from the times the super-loop
/// sleeps (`FirmwareApp.sleep`). Sleeps are summed over windows of at least
/// `window` ticks (one second); a window closes at the first sleep after it is
/// full, and only then is its share worked out: one division a second, none a frame.
struct DutyMeter {
  private var windowStart: UInt32 = 0
  private var asleep: UInt32 = 0
  /// Awake share of the last closed window, in hundredths of a percent; 0 until
  /// one has closed.
  private(set) var duty: UInt16 = 0

  /// Counts a sleep from tick `start` to tick `end`. `window` is at least 10 000.
  mutating func slept(from start: UInt32, to end: UInt32, window: UInt32) {
    asleep &+= end &- start
    let span = end &- windowStart
    if span >= window {
      duty = UInt16(truncatingIfNeeded: (span &- asleep) / (span / 10_000))
      windowStart = end
      asleep = 0
    }
  }
}

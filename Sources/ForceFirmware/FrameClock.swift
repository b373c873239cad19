/// The frame timer that paces the engine, a free-running tick counter, and sleep
/// between frames.
public protocol FrameClock {
  /// Starts the periodic frame timer at `hz` frames per second.
  mutating func startFrameTimer(hz: UInt32)
  /// True once per elapsed frame period (reading clears it). Never blocks.
  mutating func frameDue() -> Bool
  /// A free-running counter for benchmarks, in `tickHz` ticks per second.
  mutating func ticks() -> UInt32
  /// Rate of `ticks()`.
  var tickHz: UInt32 { get }
  /// Sleeps until the loop may have work: a frame due, a received byte, a finished
  /// conversion or, when `transmitting`, a transmitter ready for the next byte. May
  /// return early. Returns the ticks between which the core slept: from just before
  /// it went to sleep (after any work the board does first) to its wake-up, before
  /// any interrupt handler runs (their time is awake time); nil at once on a board
  /// that does not sleep (the default).
  mutating func sleepUntilWork(transmitting: Bool) -> (from: UInt32, to: UInt32)?
}

/// A board that does not sleep: its loop polls (SITL waits in `frameDue` instead).
extension FrameClock {
  /// Does not sleep.
  public mutating func sleepUntilWork(transmitting: Bool) -> (from: UInt32, to: UInt32)? { nil }
}

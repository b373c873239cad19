/// The frame timer that paces the engine, and a free-running tick counter.
public protocol FrameClock {
  /// Starts the periodic frame timer at `hz` frames per second.
  mutating func startFrameTimer(hz: UInt32)
  /// True once per elapsed frame period (reading clears it). Never blocks.
  mutating func frameDue() -> Bool
  /// A free-running counter for benchmarks, in `tickHz` ticks per second.
  mutating func ticks() -> UInt32
  /// Rate of `ticks()`.
  var tickHz: UInt32 { get }
}

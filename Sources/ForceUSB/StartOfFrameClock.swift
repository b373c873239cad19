/// Where the bus is in its 1 ms frame, from the start-of-frame (SOF) interrupts, so a
/// controller can keep bulk IN buffers out of the end of a frame.
///
/// RP2040-E15: the device controller can hang for good (until the controller itself
/// is reset) when a bus error hits an IN transaction in the last part of a frame,
/// seen with some USB 3 host controllers and hubs. The Pico SDK's answer, followed
/// here, is not to arm a bulk IN buffer in the last 200 µs of a frame: such a buffer
/// waits for the next SOF, which arms it at the start of the frame.
///
/// A SOF's time is only as good as the interrupt's latency. A stamp taken late (the
/// core had interrupts masked, or another handler ran) would put a buffer into the
/// end of the frame while the clock believed it was early, so a stamp is trusted only
/// when it lies a whole number of frames (1 to 4) after the one before within
/// `tolerance`: two SOFs handled with the same small latency. After a long masked
/// stretch (a flash erase) the next two stamps are not trusted, and buffers wait.
public struct StartOfFrameClock: Sendable {
  /// The latest moment after a SOF, µs, at which a bulk IN buffer is armed: the
  /// 200 µs before the next SOF are out, and `tolerance` more.
  public static let armLimit: UInt32 = 800 - tolerance
  /// How far two SOF stamps may stray from whole frames apart and still be trusted,
  /// µs: the handler's own latency when the core is not masked (a TIMER or ADC
  /// handler running first), with room; the host's frames are 1 ms ± 0.05 %.
  public static let tolerance: UInt32 = 16
  /// Microseconds in a full-speed frame.
  public static let frameMicroseconds: UInt32 = 1_000

  var frame: UInt16 = 0
  var stamp: UInt32 = 0
  var stamped = false
  var trusted = false

  /// A clock that has seen no SOF: nothing may be armed until two have been seen.
  public init() {}

  /// A SOF of frame number `frame` (11 bits, the controller's SOF_RD) handled at
  /// `time` µs (a free-running 32-bit microsecond counter).
  public mutating func record(frame: UInt16, at time: UInt32) {
    let frames = UInt32((frame &- self.frame) & 0x7FF)
    let elapsed = time &- stamp
    let expected = frames &* Self.frameMicroseconds
    let apart = elapsed > expected ? elapsed - expected : expected - elapsed
    trusted = stamped && frames >= 1 && frames <= 4 && apart <= Self.tolerance
    self.frame = frame
    stamp = time
    stamped = true
  }

  /// True when a bulk IN buffer armed at `time` µs starts before the end-of-frame
  /// window: the last SOF is trusted and less than `armLimit` µs ago.
  public func mayArm(at time: UInt32) -> Bool {
    trusted && time &- stamp < Self.armLimit
  }

  /// The bus stopped (reset, suspend, unplugged): no stamp is trusted until two new
  /// SOFs have been seen.
  public mutating func forget() {
    stamped = false
    trusted = false
  }
}

/// `bench` (0x0C): run `frames` engine frames over the firmware's built-in trace and
/// report the time taken. The device runs it in short slices between its other work;
/// meanwhile it answers every request but `hello` with `busy`, and `hello` ends the
/// run early (its `benchResult` comes first, with the frames run so far).
public struct BenchRequest: ProtocolFields, Equatable, Sendable {
  /// Most frames one request may ask for.
  public static let maxFrames: UInt32 = 1_000_000
  /// Engine frames to run (1…`maxFrames`).
  public var frames: UInt32

  /// A bench request.
  public init(frames: UInt32) { self.frames = frames }

  /// No frames (not a valid request).
  public init() { frames = 0 }

  /// The fields, in wire order.
  public mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u32(&frames, "frames", "engine frames to run, 1…1 000 000")
    try v.require(
      frames > 0 && frames <= BenchRequest.maxFrames,
      else: .fieldOutOfRange(offset: 0, value: Int32(bitPattern: frames)))
  }
}

/// `benchResult` (0x86): frames run, ticks elapsed, the tick rate and the slowest
/// single frame. Time per frame is `ticks / tickHz / frames` seconds.
///
/// Every frame is timed on its own; `ticks` is the sum of those times, so
/// `maxFrameTicks ≤ ticks`, `ticks == maxFrameTicks` when `frames` is 1, and
/// `ticks ≥ frames` (a frame counts at least one tick).
public struct BenchResult: ProtocolFields, Equatable, Sendable {
  /// Engine frames run (fewer than requested when `hello` ended the run).
  public var frames: UInt32
  /// Ticks of the board's free-running counter spent in the engine, summed over the
  /// frames (saturates at `UInt32.max`).
  public var ticks: UInt32
  /// Ticks per second.
  public var tickHz: UInt32
  /// Ticks of the slowest single engine frame.
  public var maxFrameTicks: UInt32
  /// Deepest the stack has been since boot, in bytes (`DeviceInfo.stackHighWater`).
  public var stackHighWater: UInt16
  /// Share of the last second the CPU was awake, in hundredths of a percent
  /// (`DeviceInfo.cpuDuty`).
  public var cpuDuty: UInt16

  /// A result.
  public init(
    frames: UInt32, ticks: UInt32, tickHz: UInt32, maxFrameTicks: UInt32, stackHighWater: UInt16 = 0,
    cpuDuty: UInt16 = 0
  ) {
    self.frames = frames
    self.ticks = ticks
    self.tickHz = tickHz
    self.maxFrameTicks = maxFrameTicks
    self.stackHighWater = stackHighWater
    self.cpuDuty = cpuDuty
  }

  /// Nothing run.
  public init() { self.init(frames: 0, ticks: 0, tickHz: 0, maxFrameTicks: 0) }

  /// The fields, in wire order.
  public mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u32(&frames, "frames", "engine frames run: as requested, or fewer when `hello` ended the run")
    try v.u32(&ticks, "ticks", "ticks spent in the engine, the sum of the frames' times (saturates at `ffffffff`)")
    try v.u32(&tickHz, "tickHz", "ticks per second of the counter")
    try v.u32(&maxFrameTicks, "maxFrameTicks", "ticks of the slowest frame")
    try v.laterU16(
      &stackHighWater, "stackHighWater",
      "deepest the stack has been since boot, in bytes, as in `info` (0: not measured)")
    try v.laterU16(
      &cpuDuty, "cpuDuty", "share of the last second the CPU was awake, as in `info` (0: not measured)")
  }
}

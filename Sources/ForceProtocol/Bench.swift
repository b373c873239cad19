/// `bench` (0x0C): run `frames` engine frames over the firmware's built-in trace and
/// report the time taken. The device runs it in short slices between its other work;
/// meanwhile it answers every request but `hello` with `busy`, and `hello` ends the
/// run early (its `benchResult` comes first, with the frames run so far).
public struct BenchRequest: Equatable, Sendable {
  /// Most frames one request may ask for.
  public static let maxFrames: UInt32 = 1_000_000
  /// Engine frames to run (1…`maxFrames`).
  public var frames: UInt32

  /// A bench request.
  public init(frames: UInt32) { self.frames = frames }

  public func encode<W: ByteSink>(into writer: inout W) throws(ProtocolError) { try writer.u32(frames) }

  @inline(never)
  init(from reader: inout ByteReader) throws(ProtocolError) {
    frames = try reader.u32()
    guard frames > 0, frames <= BenchRequest.maxFrames else {
      throw .fieldOutOfRange(offset: 0, value: Int32(bitPattern: frames))
    }
  }
}

/// `benchResult` (0x86): frames run, ticks elapsed, the tick rate and the slowest
/// single frame. Time per frame is `ticks / tickHz / frames` seconds.
///
/// Every frame is timed on its own; `ticks` is the sum of those times, so
/// `maxFrameTicks ≤ ticks`, `ticks == maxFrameTicks` when `frames` is 1, and
/// `ticks ≥ frames` (a frame counts at least one tick).
public struct BenchResult: Equatable, Sendable {
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

  public func encode<W: ByteSink>(into writer: inout W) throws(ProtocolError) {
    try writer.u32(frames)
    try writer.u32(ticks)
    try writer.u32(tickHz)
    try writer.u32(maxFrameTicks)
    try writer.u16(stackHighWater)
    try writer.u16(cpuDuty)
  }

  @inline(never)
  init(from reader: inout ByteReader) throws(ProtocolError) {
    frames = try reader.u32()
    ticks = try reader.u32()
    tickHz = try reader.u32()
    maxFrameTicks = try reader.u32()
    stackHighWater = reader.remaining >= 2 ? try reader.u16() : 0  // absent before protocol 2.1
    cpuDuty = reader.remaining >= 2 ? try reader.u16() : 0  // absent from firmware before the duty
  }
}

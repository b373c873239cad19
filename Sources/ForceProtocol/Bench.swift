/// `bench` (0x0C): run `frames` engine frames over the firmware's built-in trace and
/// report the time taken. The device answers nothing else until it is done.
public struct BenchRequest: Equatable, Sendable {
  /// Engine frames to run (≥ 1).
  public var frames: UInt32

  /// A bench request.
  public init(frames: UInt32) { self.frames = frames }

  func encode(into writer: inout ByteWriter) throws(ProtocolError) { try writer.u32(frames) }

  @inline(never)
  init(from reader: inout ByteReader) throws(ProtocolError) {
    frames = try reader.u32()
    guard frames > 0 else { throw .badValue }
  }
}

/// `benchResult` (0x86): frames run, ticks elapsed, the tick rate and the slowest
/// single frame. Time per frame is `ticks / tickHz / frames` seconds.
public struct BenchResult: Equatable, Sendable {
  /// Engine frames run.
  public var frames: UInt32
  /// Elapsed ticks of the board's free-running counter.
  public var ticks: UInt32
  /// Ticks per second.
  public var tickHz: UInt32
  /// Ticks of the slowest single engine frame.
  public var maxFrameTicks: UInt32

  /// A result.
  public init(frames: UInt32, ticks: UInt32, tickHz: UInt32, maxFrameTicks: UInt32) {
    self.frames = frames
    self.ticks = ticks
    self.tickHz = tickHz
    self.maxFrameTicks = maxFrameTicks
  }

  func encode(into writer: inout ByteWriter) throws(ProtocolError) {
    try writer.u32(frames)
    try writer.u32(ticks)
    try writer.u32(tickHz)
    try writer.u32(maxFrameTicks)
  }

  @inline(never)
  init(from reader: inout ByteReader) throws(ProtocolError) {
    frames = try reader.u32()
    ticks = try reader.u32()
    tickHz = try reader.u32()
    maxFrameTicks = try reader.u32()
  }
}

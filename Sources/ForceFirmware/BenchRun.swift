import ForceEngine
import ForceProtocol

/// One `bench` request in progress: its own engine, the frames run so far and their
/// times.
///
/// Every frame is timed on its own (the counter read just before and just after
/// `ForceEngine.step`, less the cost of reading the counter, at least one tick) and
/// `ticks` is the sum of those times, so the result obeys its definitions:
/// `maxFrameTicks ≤ ticks`, `ticks == maxFrameTicks` for one frame, `ticks ≥ frames`.
///
/// The run lives in the firmware (`start` resets it in place, so no run is ever built
/// on the stack and copied).
struct BenchRun {
  /// The request's sequence number, for the reply.
  private(set) var seq: UInt8 = 0
  /// Frames asked for.
  private(set) var requested: UInt32 = 0
  /// Frames run so far.
  private(set) var done: UInt32 = 0
  /// Whether a run is in progress.
  private(set) var running = false
  private var engine: ForceEngine
  private var ticks: UInt32 = 0
  private var slowest: UInt32 = 0
  private var readCost: UInt32 = 0
  private var sink: Int32 = 0

  /// No run yet; `start` restarts the given engine.
  init(engine: ForceEngine) { self.engine = engine }

  /// Starts a run of `frames` frames with `parameters`, timed by `board`'s counter.
  mutating func start<B: Board>(seq: UInt8, frames: UInt32, parameters: Parameters, board: inout B) {
    self.seq = seq
    requested = frames
    done = 0
    ticks = 0
    slowest = 0
    sink = 0
    running = true
    engine.reset(parameters: parameters)
    readCost = BenchRun.readCost(on: &board)
  }

  /// The cost of reading the counter: the least of 16 back-to-back pairs. A loop the
  /// compiler keeps rolled (`samples` counts down in memory it cannot see through):
  /// unrolled, the 16 pairs took 380 bytes of the micro:bit's flash, rolled 48.
  @inline(never)
  static func readCost<B: Board>(on board: inout B) -> UInt32 {
    var cost = UInt32.max
    var samples: UInt8 = 16
    while withUnsafeMutablePointer(to: &samples, { $0.pointee }) != 0 {
      let a = board.ticks()
      let b = board.ticks()
      cost = min(cost, b &- a)
      samples &-= 1
    }
    return cost
  }

  /// Ends the run (its result stays readable).
  mutating func stop() { running = false }

  /// Whether every frame asked for has run.
  var finished: Bool { done >= requested }

  /// Runs frames until the slice's time (`BenchTrace.sliceMicroseconds`) or frame
  /// count (`BenchTrace.sliceFrames`) is used up, or the run is finished. Never feeds the watchdog: only the super-loop does.
  mutating func slice<B: Board>(on board: inout B) {
    let budget = max(board.tickHz / 1_000_000 &* BenchTrace.sliceMicroseconds, 1)
    let start = board.ticks()
    var now = start
    var count = 0
    while done < requested && now &- start < budget && count < BenchTrace.sliceFrames {
      count &+= 1
      let cells = BenchTrace.sample(done)
      let before = board.ticks()
      let output = engine.step(left: cells.left, right: cells.right)
      now = board.ticks()
      sink &+= output.value &+ Int32(output.events.mask)
      let raw = now &- before
      let spent = raw > readCost ? raw &- readCost : 1
      ticks = ticks > UInt32.max &- spent ? UInt32.max : ticks &+ spent
      slowest = max(slowest, spent)
      done &+= 1
    }
    if finished { BenchTrace.keep(sink) }
  }

  /// The reply: the frames run so far and their times, the stack's high-water mark
  /// and the CPU's duty.
  func result(tickHz: UInt32, stackHighWater: UInt16, cpuDuty: UInt16) -> BenchResult {
    BenchResult(
      frames: done, ticks: ticks, tickHz: tickHz, maxFrameTicks: slowest, stackHighWater: stackHighWater,
      cpuDuty: cpuDuty)
  }
}

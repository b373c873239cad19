import ForceEngine

/// The device benchmark: a fresh engine stepped over a built-in thumb-roll gesture.
///
/// The gesture is computed on the fly (rest, press, roll left, roll right and boost,
/// release: 1 000 frames a cycle). The loop runs twice, once with the engine and once
/// with only the gesture, and the difference is returned, so the ticks are the
/// engine's alone. A third pass times every frame on its own for the slowest one,
/// less the cost of reading the counter twice.
public enum BenchTrace {
  /// Ticks spent in `ForceEngine.step` over `frames` frames, and of the slowest frame.
  static func run<B: Board>(
    frames: UInt32, parameters: Parameters, board: inout B
  ) -> (total: UInt32, slowest: UInt32) {
    var engine = ForceEngine(parameters: parameters)
    var sink: Int32 = 0
    let start = board.ticks()
    for frame in 0..<frames {
      let cells = sample(frame)
      let output = engine.step(left: cells.left, right: cells.right)
      sink &+= output.value &+ Int32(output.events.mask)
      if frame & 1023 == 0 { board.feedWatchdog() }
    }
    let middle = board.ticks()
    for frame in 0..<frames {
      let cells = sample(frame)
      sink &+= Int32(cells.left ^ cells.right)
      if frame & 1023 == 0 { board.feedWatchdog() }
    }
    let end = board.ticks()

    var readCost = UInt32.max
    for _ in 0..<16 {
      let a = board.ticks()
      let b = board.ticks()
      readCost = min(readCost, b &- a)
    }
    engine = ForceEngine(parameters: parameters)
    var slowest: UInt32 = 0
    for frame in 0..<frames {
      let cells = sample(frame)
      let before = board.ticks()
      let output = engine.step(left: cells.left, right: cells.right)
      let spent = board.ticks() &- before
      sink &+= output.value
      slowest = max(slowest, spent > readCost ? spent &- readCost : 0)
      if frame & 1023 == 0 { board.feedWatchdog() }
    }
    keep(sink)
    let withEngine = middle &- start
    let gestureOnly = end &- middle
    return (withEngine > gestureOnly ? withEngine &- gestureOnly : 0, slowest)
  }

  /// Frames in one cycle of the gesture.
  public static let cycleFrames: UInt32 = 1000

  /// Frame `frame` of the gesture, (left, right). The one definition of the
  /// benchmark gesture: the device benchmark, the host benchmark (`EngineBench`) and
  /// the soft-float image all read it.
  public static func sample(_ frame: UInt32) -> (left: UInt16, right: UInt16) {
    let t = Int32(frame % cycleFrames)
    func ramp(_ a: Int32, _ b: Int32, _ from: Int32, _ length: Int32) -> UInt16 {
      UInt16(a &+ (b &- a) &* (t &- from) / length)
    }
    switch t {
    case 0..<100: return (0, 0)
    case 100..<120: return (ramp(0, 60, 100, 20), ramp(0, 60, 100, 20))
    case 120..<200: return (60, 60)
    case 200..<250: return (ramp(60, 300, 200, 50), ramp(60, 300, 200, 50))
    case 250..<450: return (300, 300)
    case 450..<500: return (ramp(300, 450, 450, 50), ramp(300, 150, 450, 50))
    case 500..<650: return (450, 150)
    case 650..<700: return (ramp(450, 480, 650, 50), ramp(150, 480, 650, 50))
    case 700..<850: return (480, 480)
    case 850..<900: return (ramp(480, 0, 850, 50), ramp(480, 0, 850, 50))
    default: return (0, 0)
    }
  }

  /// Keeps a value alive so the optimiser cannot drop the loop that made it.
  @inline(never)
  public static func keep(_ value: Int32) {
    withUnsafePointer(to: value) { _ = $0 }
  }
}

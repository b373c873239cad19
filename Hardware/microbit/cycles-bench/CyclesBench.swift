import CEnginePeer
import ForceEngine
import ForceFirmware

/// A separate micro:bit image (Tools/bench-cycles) that runs the Swift engine and
/// its C peer (Benchmarks/CPeer) over the same built-in thumb-roll gesture as
/// `forcectl bench` (`BenchTrace.sample`), at the default parameters, and prints
/// the ticks of each loop on the UART:
///
///     cycles-bench frames=2000 gesture=… swift=… c=… tick-hz=16000000
///
/// `swift` and `c` are the loop's ticks less the gesture-only loop's. Under
/// `-icount shift=0` they give instructions per frame; under `-d exec` the
/// instruction trace of every `step` call is what Tools/m0-cycles.py prices.
@main
struct CyclesBench {
  static let frames: UInt32 = 2000

  static func main() {
    var board = MicrobitBoard()
    var sink: Int32 = 0

    let start = board.ticks()
    for frame in 0..<frames {
      let cells = BenchTrace.sample(frame)
      sink &+= Int32(cells.left ^ cells.right)
    }
    let gesture = board.ticks() &- start

    var engine = ForceEngine(parameters: .defaults)
    let swiftStart = board.ticks()
    for frame in 0..<frames {
      let cells = BenchTrace.sample(frame)
      let output = engine.step(left: cells.left, right: cells.right)
      sink &+= output.value &+ Int32(output.events.mask)
    }
    let swiftTicks = board.ticks() &- swiftStart

    var peer = peer_engine()
    let refused = withUnsafeTemporaryAllocation(of: Int32.self, capacity: ParameterID.count) { values in
      for index in 0..<ParameterID.count { values[index] = Parameters.defaults[ParameterID.at(index)!] }
      return peer_init(&peer, values.baseAddress)
    }
    var output = peer_output()
    let cStart = board.ticks()
    for frame in 0..<frames {
      let cells = BenchTrace.sample(frame)
      peer_step(&peer, cells.left, cells.right, &output)
      sink &+= output.value &+ Int32(output.events)
    }
    let cTicks = board.ticks() &- cStart
    BenchTrace.keep(sink)

    var out = UARTText(board: board)
    if refused != 0 { out.write("cycles-bench: the C peer refused the default parameters\r\n") }
    out.write("cycles-bench frames=")
    out.write(frames)
    out.write(" gesture=")
    out.write(gesture)
    out.write(" swift=")
    out.write(swiftTicks &- gesture)
    out.write(" c=")
    out.write(cTicks &- gesture)
    out.write(" tick-hz=")
    out.write(board.tickHz)
    out.write("\r\n")
    while true {}
  }
}

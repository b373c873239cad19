import CEnginePeer
import ForceEngine
import ForceFirmware

/// A separate micro:bit image (Tools/bench-cycles) that runs the Swift engine and
/// its C peer (Benchmarks/CPeer) over the same built-in thumb-roll gesture as
/// `forcectl bench` (`BenchTrace.sample`), at three settings in turn (the defaults,
/// curves on, light sensitivity: `setting(_:)`), and prints the ticks of each loop on
/// the UART, a line a setting:
///
///     cycles-bench setting=defaults frames=… gesture=… swift=… c=… tick-hz=16000000
///
/// `swift` and `c` are the loop's ticks less the gesture-only loop's. Under
/// `-icount shift=0` they give instructions per frame; under `-d exec` the
/// instruction trace of every `step` call is what Tools/lib/m0-cycles.py prices, the
/// calls of each setting `frames` after those of the one before.
@main
struct CyclesBench {
  static let frames: UInt32 = 2000

  /// How many settings are measured (`setting(_:)`).
  static let settingCount = 4

  /// Setting `index`, in order: its name and its parameters (no heap: a switch, not
  /// an array).
  static func setting(_ index: Int) -> (name: StaticString, parameters: Parameters) {
    var parameters = Parameters.defaults
    switch index {
    case 1:
      try? parameters.set(.leftCurve, to: 300)
      try? parameters.set(.rightCurve, to: 300)
      return ("curves", parameters)
    case 2:
      try? parameters.set(.sensitivity, to: Sensitivity.light.rawValue)
      return ("sensitivity", parameters)
    case 3:
      // As calibration leaves a preloaded cap: offsets at a 45-count rest, the law on.
      try? parameters.set([(.leftOffset, 45), (.rightOffset, 45), (.fsrLaw, 1)])
      return ("law", parameters)
    default:
      return ("defaults", parameters)
    }
  }

  static func main() {
    var board = MicrobitBoard<ADC>()
    var sink: Int32 = 0

    let start = board.ticks()
    for frame in 0..<frames {
      let cells = BenchTrace.sample(frame)
      sink &+= Int32(cells.left ^ cells.right)
    }
    let gesture = board.ticks() &- start

    var out = UARTText(board: board)
    for index in 0..<settingCount {
      let (name, parameters) = setting(index)

      var engine = ForceEngine(parameters: parameters)
      let swiftStart = board.ticks()
      for frame in 0..<frames {
        let cells = BenchTrace.sample(frame)
        let output = engine.step(left: cells.left, right: cells.right)
        sink &+= output.value &+ Int32(output.events.mask)
      }
      let swiftTicks = board.ticks() &- swiftStart

      var peer = peer_engine()
      let refused = withUnsafeTemporaryAllocation(of: Int32.self, capacity: ParameterID.count) { values in
        for index in 0..<ParameterID.count { values[index] = parameters[ParameterID.at(index)!] }
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

      if refused != 0 { out.write("cycles-bench: the C peer refused the parameters\r\n") }
      out.write("cycles-bench setting=")
      out.write(name)
      out.field(" frames=", frames)
      out.field(" gesture=", gesture)
      out.field(" swift=", swiftTicks &- gesture)
      out.field(" c=", cTicks &- gesture)
      out.field(" tick-hz=", board.tickHz)
      out.write("\r\n")
    }
    out.write("cycles-bench done\r\n")
    while true {}
  }
}

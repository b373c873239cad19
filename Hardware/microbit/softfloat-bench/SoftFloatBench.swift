import ForceEngine
import ForceFirmware
import ForceReference

/// A separate micro:bit image (Tools/bench-softfloat) that times, on the Cortex-M0,
/// the fixed-point engine against a soft-float build of the float reference model
/// over the same built-in gesture, and prints the ticks on the UART:
///
///     softfloat-bench frames=2000 gesture=… engine=… reference=… tick-hz=16000000
///
/// `engine` and `reference` are the loop's ticks less the gesture-only loop's.
/// Not the firmware: it allocates (the reference model's arrays) and links libgcc's
/// soft-float routines and newlib's malloc.
@main
struct SoftFloatBench {
  static func main() {
    var board = MicrobitBoard<ADC>()
    let frames: UInt32 = 2000
    var sink: Int32 = 0

    let start = board.ticks()
    for frame in 0..<frames {
      let cells = BenchTrace.sample(frame)
      sink &+= Int32(cells.left ^ cells.right)
    }
    let gesture = board.ticks() &- start

    var engine = ForceEngine(parameters: .defaults)
    let engineStart = board.ticks()
    for frame in 0..<frames {
      let cells = BenchTrace.sample(frame)
      sink &+= engine.step(left: cells.left, right: cells.right).value
    }
    let engineTicks = board.ticks() &- engineStart

    var reference = ReferenceEngine(parameters: .defaults)
    reference.recordsDecisions = false
    let referenceStart = board.ticks()
    for frame in 0..<frames {
      let cells = BenchTrace.sample(frame)
      sink &+= Int32(reference.step(left: cells.left, right: cells.right).value)
    }
    let referenceTicks = board.ticks() &- referenceStart
    BenchTrace.keep(sink)

    var out = UARTText(board: board)
    out.write("softfloat-bench")
    out.field(" frames=", frames)
    out.field(" gesture=", gesture)
    out.field(" engine=", engineTicks &- gesture)
    out.field(" reference=", referenceTicks &- gesture)
    out.field(" tick-hz=", board.tickHz)
    out.write("\r\n")
    while true {}
  }
}

import ForceEngine
import ForceFirmware
import Glibc

// Engine benchmark driver (used by Tools/bench-engine, not a timed test).
//
//   EngineBench FRAMES [TECHNIQUE]
//   EngineBench --techniques      the names of the techniques the benchmark times
//
// Steps the engine FRAMES times over the device benchmark's repeating 1 000-frame
// gesture (rest, press, roll left and right, boost, release) and prints a checksum so
// nothing is optimised away. Tools/bench-engine runs it under callgrind at two frame counts and divides
// the difference, so start-up costs cancel and the figure is instructions per frame.

let arguments = CommandLine.arguments
if arguments.count > 1 && arguments[1] == "--techniques" {
  for raw in 0..<Technique.count where Technique.at(raw)!.isBenchmarked { print(Technique.at(raw)!.name) }
  exit(0)
}
let frameCount = arguments.count > 1 ? Int(arguments[1]) ?? 10_000 : 10_000
let techniqueName = arguments.count > 2 ? arguments[2] : "thumb-roll"

var parameters = Parameters.defaults
let technique = Array(techniqueName.utf8).withUnsafeBytes { ParameterID.technique.value(forSymbol: $0) }
guard let technique else {
  print("unknown technique \(techniqueName)")
  exit(2)
}
try! parameters.set([(.technique, technique), (.rangeMax, 1000), (.startValue, 500)])

/// One cycle of the benchmark gesture, (left, right) per frame: the device
/// benchmark's own (`BenchTrace`), read into a table first so the loop costs the
/// engine and a table read, nothing more.
let cycle = (0..<BenchTrace.cycleFrames).map { BenchTrace.sample($0) }

/// Steps `engine` `frameCount` times over `cycle`, repeated, and sums the outputs
/// so nothing is optimised away. A function, so its state lives in registers: at
/// top level it would be globals, loaded and stored every frame and counted as the
/// engine's.
@inline(never)
func run(_ engine: inout ForceEngine, frames frameCount: Int, over cycle: [(UInt16, UInt16)]) -> Int64 {
  cycle.withUnsafeBufferPointer { table in
    var checksum: Int64 = 0
    var index = 0
    for _ in 0..<frameCount {
      let (left, right) = table[index]
      let output = engine.step(left: left, right: right)
      checksum &+= Int64(output.value) &+ Int64(output.force) &+ Int64(output.events.mask)
      index &+= 1
      if index == table.count { index = 0 }
    }
    return checksum
  }
}

var engine = ForceEngine(parameters: parameters)
let checksum = run(&engine, frames: frameCount, over: cycle)
print("frames \(frameCount) technique \(techniqueName) checksum \(checksum)")
print("engine_state_bytes \(MemoryLayout<ForceEngine>.size)")
print("engine_config_bytes \(ForceEngine.derivedConfigurationBytes)")

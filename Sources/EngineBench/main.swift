import ForceEngine
import Glibc

// Engine benchmark driver (used by Tools/bench-engine, not a timed test).
//
//   EngineBench FRAMES [TECHNIQUE]
//
// Steps the engine FRAMES times over a repeating 1 000-frame gesture (rest, press,
// roll left and right, boost, release) and prints a checksum so nothing is optimised
// away. Tools/bench-engine runs it under callgrind at two frame counts and divides
// the difference, so start-up costs cancel and the figure is instructions per frame.

let arguments = CommandLine.arguments
let frameCount = arguments.count > 1 ? Int(arguments[1]) ?? 10_000 : 10_000
let techniqueName = arguments.count > 2 ? arguments[2] : "thumb-roll"

var parameters = Parameters.defaults
let technique = Array(techniqueName.utf8).withUnsafeBytes { ParameterID.technique.value(forSymbol: $0) }
guard let technique else {
  print("unknown technique \(techniqueName)")
  exit(2)
}
try! parameters.set([(.technique, technique), (.rangeMax, 1000), (.startValue, 500)])

/// One cycle of a thumb working the device: (left, right) per frame.
func gestureCycle() -> [(UInt16, UInt16)] {
  var frames: [(UInt16, UInt16)] = []
  func ramp(_ from: (Int, Int), _ to: (Int, Int), _ count: Int) {
    for step in 0..<count {
      frames.append(
        (UInt16(from.0 + (to.0 - from.0) * step / count), UInt16(from.1 + (to.1 - from.1) * step / count)))
    }
  }
  ramp((0, 0), (0, 0), 100)
  ramp((0, 0), (60, 60), 20)
  ramp((60, 60), (60, 60), 80)
  ramp((60, 60), (300, 300), 50)
  ramp((300, 300), (300, 300), 200)
  ramp((300, 300), (450, 150), 50)
  ramp((450, 150), (450, 150), 150)
  ramp((450, 150), (480, 480), 50)
  ramp((480, 480), (480, 480), 150)
  ramp((480, 480), (0, 0), 50)
  ramp((0, 0), (0, 0), 100)
  return frames
}

let cycle = gestureCycle()
var engine = ForceEngine(parameters: parameters)
var checksum: Int64 = 0
var index = 0
for _ in 0..<frameCount {
  let (left, right) = cycle[index]
  let output = engine.step(left: left, right: right)
  checksum &+= Int64(output.value) &+ Int64(output.force) &+ Int64(output.events.mask)
  index = index == cycle.count - 1 ? 0 : index + 1
}
print("frames \(frameCount) technique \(techniqueName) checksum \(checksum)")
print("engine_state_bytes \(MemoryLayout<ForceEngine>.size)")
print("engine_config_bytes \(MemoryLayout<EngineConfig>.size)")

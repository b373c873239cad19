import ForceFirmware
import ForceTrace
import Foundation

// forcepicker-sitl: the firmware application built for Linux (software in the loop).
//
//   forcepicker-sitl [--port 5760] [--flash FILE] [--baud BAUD] [--cells FILE]
//                    [--trace IN.csv [--restart-each-pass]
//                    [--sensor PROFILE] [--board BOARD] [--sensor-seed N] [--fault FAULT]...]
//
// Serves the firmware's UART on tcp://127.0.0.1:PORT, keeps its parameter flash in
// FILE (default .forcepicker-sitl.flash), and without --trace takes samples by
// injection only (like QEMU, which has no ADC). With --trace the frames of the CSV
// play as ADC readings at sample_rate_hz, looping; the sensor options read them
// through the sensor model first (Docs/sensor-model.md: the trace's levels are the
// ideal counts, the model is applied once and every pass plays the same readings),
// and --restart-each-pass restarts the engine at power-up state as each pass begins,
// so that every pass gives what `forcectl sim run` gives for those readings.
// --cells FILE gives it live cells instead: every frame reads `LEFT,RIGHT` from FILE,
// which another program rewrites (a test's thumb, the closed loop; `LiveCells`).
// --baud BAUD (e.g. 115200, the micro:bit's) makes the UART a serial line of that rate
// both ways (10 bits a byte): requests arriving faster than their replies leave fill
// the transmit queue as on the device. Without it bytes move at the socket's pace.

let usage = """
  usage: forcepicker-sitl [--port 5760] [--flash FILE] [--baud BAUD] [--cells FILE]
                          [--trace IN.csv [--restart-each-pass]
                          [--sensor PROFILE] [--board BOARD] [--sensor-seed N] [--fault FAULT]...]
  """
var port: UInt16 = 5760
var flashPath = ".forcepicker-sitl.flash"
var tracePath: String?
var cellsPath: String?
var restartEachPass = false
var baud: UInt32?
var sensor = SensorArguments()
var arguments = CommandLine.arguments.dropFirst()
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("forcepicker-sitl: \(message)\n".utf8))
  exit(2)
}
while let argument = arguments.popFirst() {
  switch argument {
  case "--port":
    guard let text = arguments.popFirst(), let value = UInt16(text), value > 0 else {
      fail("--port needs a TCP port number (1-65535)")
    }
    port = value
  case "--flash":
    guard let path = arguments.popFirst() else { fail("--flash needs a file path") }
    flashPath = path
  case "--baud":
    guard let text = arguments.popFirst(), let value = UInt32(text), (300...4_000_000).contains(value) else {
      fail("--baud needs a line rate in bits per second (300-4000000, e.g. 115200)")
    }
    baud = value
  case "--cells":
    guard let path = arguments.popFirst() else { fail("--cells needs a file path") }
    cellsPath = path
  case "--trace":
    guard let path = arguments.popFirst() else { fail("--trace needs a CSV file") }
    tracePath = path
  case "--restart-each-pass":
    restartEachPass = true
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    do {
      guard try sensor.take(argument, value: arguments.popFirst()) else {
        fail("unknown argument '\(argument)' (try --help)")
      }
    } catch {
      fail(error.description)
    }
  }
}

var script: [RawFrame] = []
if let path = tracePath {
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
  var frames: [RawFrame]
  do {
    frames = try InputTrace.parse(text)
  } catch {
    fail("\(path): \(error.description)")
  }
  if frames.isEmpty { fail("\(path) has no frames") }
  if !sensor.isDefault {  // the trace's own readings (pulled ones too) otherwise
    do {
      var model = try sensor.model()
      frames = model.apply(to: frames)
    } catch {
      fail(error.description)
    }
  }
  script = frames
} else if !sensor.isDefault || restartEachPass {
  fail(
    "--sensor, --board, --sensor-seed, --fault and --restart-each-pass need --trace (injected samples are taken as they come)"
  )
}

do {
  if cellsPath != nil && !script.isEmpty { fail("--cells and --trace both give the cells: choose one") }
  let board = try HostBoard(port: port, flashPath: flashPath, script: script, baud: baud, cellsPath: cellsPath)
  FileHandle.standardOutput.write(
    Data("forcepicker-sitl listening on tcp://127.0.0.1:\(port) (flash: \(flashPath))\n".utf8))
  var app = FirmwareApp(board: board)
  if !restartEachPass { app.run() }
  // The host board does not sleep: `run` is this loop, which also restarts the engine
  // between the last frame of a pass and the first of the next.
  while true {
    app.poll()
    if app.board.takePassEnded() { app.resetEngine() }
  }
} catch {
  fail(error.description)
}

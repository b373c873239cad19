import ForceFirmware
import ForceTrace
import Foundation

// forcepicker-sitl: the firmware application built for Linux (software in the loop).
//
//   forcepicker-sitl [--port 5760] [--flash FILE] [--trace IN.csv]
//
// Serves the firmware's UART on tcp://127.0.0.1:PORT, keeps its parameter flash in
// FILE (default .forcepicker-sitl.flash), and without --trace takes samples by
// injection only (like QEMU, which has no ADC). With --trace the frames of the CSV
// play as ADC readings at sample_rate_hz, looping.

var port: UInt16 = 5760
var flashPath = ".forcepicker-sitl.flash"
var script: [(UInt16, UInt16)] = []
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
  case "--trace":
    guard let path = arguments.popFirst() else { fail("--trace needs a CSV file") }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    do {
      script = try InputTrace.parse(text).map { ($0.left, $0.right) }
    } catch {
      fail("\(path): \(error.description)")
    }
    if script.isEmpty { fail("\(path) has no frames") }
  case "--help", "-h":
    print("usage: forcepicker-sitl [--port 5760] [--flash FILE] [--trace IN.csv]")
    exit(0)
  default:
    fail("unknown argument '\(argument)' (try --help)")
  }
}

do {
  let board = try HostBoard(port: port, flashPath: flashPath, script: script)
  FileHandle.standardOutput.write(
    Data("forcepicker-sitl listening on tcp://127.0.0.1:\(port) (flash: \(flashPath))\n".utf8))
  var app = FirmwareApp(board: board)
  app.run()
} catch {
  fail(error.description)
}

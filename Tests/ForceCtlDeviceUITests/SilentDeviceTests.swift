import ForceDevice
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

extension ForceCtlDeviceUITests {
  /// A device that stops with the link open (the SITL held by SIGSTOP, as a hung board
  /// would be) is reported by every streaming or waiting command within 3 s, and each
  /// exits non-zero; `record` keeps the rows it received.
  @Test(Support.needsSITL) func aSilentDeviceIsNoticedByEveryWaitingCommand() throws {
    let sitl = try Support.sitl(trace: Support.pressTrace())
    let device = sitl.process.processIdentifier
    defer {
      kill(device, SIGCONT)
      sitl.stop()
    }
    let recording = Support.temp("silent.csv")
    let commands: [[String]] = [
      ["record", "--port", sitl.address, "-o", recording.path, "--seconds", "8", "--strict"],
      ["monitor", "--port", sitl.address, "--plain", "--seconds", "8"],
      ["bench", "--port", sitl.address, "--frames", "1000000"],
      ["calibrate", "--port", sitl.address, "--yes", "--seconds", "3"],
    ]
    for arguments in commands {
      kill(device, SIGCONT)
      let run = try ToolProcess("forcectl", arguments)
      run.type("\n\n\n")  // calibrate's three Enters
      Thread.sleep(forTimeInterval: 0.8)  // connected, and streaming or benchmarking
      kill(device, SIGSTOP)
      let stopped = ContinuousClock.now
      let ending = run.wait()
      let noticed = ContinuousClock.now - stopped
      #expect(ending.status == 1 && !ending.signaled, "\(arguments[0]): \(ending.errors)")
      #expect(ending.errors.contains("\(sitl.address.dropFirst(6)) went silent"), "\(arguments[0]): \(ending.errors)")
      // Calibrate's first step is 3 s long: the silence is noticed when it is over.
      let expected: Duration = arguments[0] == "calibrate" ? .seconds(5) : .seconds(3)
      #expect(noticed < expected, "\(arguments[0]) took \(noticed)")
    }
    let rows = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n")
    #expect(rows.first.map(String.init) == TelemetryCSV.header)
    #expect(rows.count > 50, "the rows received before the silence are kept")
  }
}

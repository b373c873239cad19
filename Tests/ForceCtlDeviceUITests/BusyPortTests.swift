import ForceTestSupport
import Foundation
import Testing

extension ForceCtlDeviceUITests {
  /// `sitl`, `emulate` and `ui` on a local port someone else listens on fail at once,
  /// naming the port and the option that picks another, and print no success line
  /// first; a relative `--port` names that file, not one in /dev.
  @Test func busyPortsAndRelativePortsAreNamedAsGiven() throws {
    try #require(ToolProcess.isBuilt("forcectl"), "forcectl is not built (swift build --product forcectl)")
    let (port, fd) = try #require(Support.listener(), "no free port on 127.0.0.1")
    defer { close(fd) }
    let cases: [([String], String)] = [
      (["sitl", "--port", "\(port)"], "cannot serve the SITL's UART on 127.0.0.1:\(port): address in use"),
      (["emulate", "--port", "\(port)"], "cannot serve the emulated UART on 127.0.0.1:\(port): address in use"),
      (
        ["ui", "--port", "tcp://127.0.0.1:1", "--listen", "127.0.0.1:\(port)"],
        "cannot listen on 127.0.0.1:\(port): address in use (another forcectl ui?); try --listen 127.0.0.1:\(port + 1)"
      ),
      (["info", "--port", "no-such-port-file"], "no serial port no-such-port-file:"),
    ]
    for (arguments, message) in cases {
      let printed = Support.temp("stdout.txt")
      _ = FileManager.default.createFile(atPath: printed.path, contents: nil)
      let output = try FileHandle(forWritingTo: printed)
      let started = ContinuousClock.now
      let ending = try ToolProcess("forcectl", arguments, output: output).wait()
      try output.close()
      #expect(ending.status == 1, "\(arguments)")
      #expect(ending.errors.hasPrefix("Error: \(message)"), "\(arguments): \(ending.errors)")
      #expect(try String(contentsOf: printed, encoding: .utf8).isEmpty, "\(arguments) printed nothing")
      #expect(ContinuousClock.now - started < .seconds(2), "\(arguments) failed at once")
    }
  }
}

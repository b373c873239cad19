import ForceTestSupport
import Foundation
import Testing

extension ForceCtlDeviceUITests {
  /// Ctrl-C, SIGTERM and SIGHUP in the middle of `replay` leave the old output as it
  /// was and no temporary file beside it (its input a pipe the test keeps open).
  @Test(Support.needsSITL) func anInterruptedReplayLeavesNothingBehind() throws {
    let sitl = try Support.sitl()
    defer { sitl.stop() }
    let directory = Support.temp("out.csv").deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.csv")
    try "precious\n".write(to: output, atomically: false, encoding: .utf8)
    func hidden() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasPrefix(".") }
    }
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      let run = try ToolProcess(
        "forcectl", ["replay", "--port", sitl.address, "--input", "-", "--output", output.path])
      run.type("left,right\n" + String(repeating: "10,20\n300,280\n", count: 100))
      #expect(ToolProcess.waitUntil { hidden().contains { $0.hasPrefix(".out.csv.") } }, "replay started writing")
      run.send(signal)
      let ending = run.wait()
      #expect(ending.signaled && ending.status == signal, "\(ending)")
      #expect(hidden().isEmpty, "temporary files left: \(hidden())")
      #expect(try String(contentsOf: output, encoding: .utf8) == "precious\n")
    }
  }
}

import ForceTestSupport
import Foundation
import Testing

extension ForceCtlDeviceUITests {
  /// Every command that prints to standard output fails with one clear line, exit 1,
  /// when standard output cannot be written (`/dev/full`), instead of exiting 0.
  @Test(Support.needsSITL) func aFullStandardOutputIsAnErrorForEveryCommand() throws {
    let sitl = try Support.sitl(trace: Support.pressTrace())
    defer { sitl.stop() }
    let results = Support.temp("study")
    defer { try? FileManager.default.removeItem(at: results.deletingLastPathComponent()) }
    let small = ["--technique", "thumb-roll", "--participants", "1", "--repetitions", "1", "--quiet"]
    let commands: [[String]] = [
      ["info", "--port", sitl.address], ["info", "--port", sitl.address, "--json"],
      ["params", "list", "--port", sitl.address], ["params", "list", "--port", sitl.address, "--json"],
      ["params", "diff", "--port", sitl.address],
      ["bench", "--port", sitl.address, "--frames", "100"],
      ["bench", "--port", sitl.address, "--frames", "100", "--json"],
      ["monitor", "--port", sitl.address, "--seconds", "1"],
      ["monitor", "--port", sitl.address, "--seconds", "1", "--json"],
      ["ports"], ["ports", "--json"],
      ["sim", "study", "--output", results.path] + small,
      ["sim", "sweep", "--vary", "rest_threshold=150:200:50"] + small,
    ]
    for arguments in commands {
      let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
      let ending = try ToolProcess("forcectl", arguments, output: full).wait()
      #expect(ending.status == 1 && !ending.signaled, "\(arguments)")
      #expect(
        ending.errors.hasSuffix("Error: cannot write standard output: No space left on device\n"),
        "\(arguments): \(ending.errors)")
    }
  }
}

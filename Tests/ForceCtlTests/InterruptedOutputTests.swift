import ForceTestSupport
import Foundation
import Testing

/// Ctrl-C, SIGTERM and SIGHUP in the middle of `sim run` leave the old output as it
/// was and no temporary file beside it (forcectl run as a process, its input a pipe
/// the test keeps open so that the run is under way when the signal comes).
@Suite struct InterruptedOutputTests {
  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func anInterruptedSimRunLeavesNothingBehind(_ signal: Int32) throws {
    try #require(ToolProcess.isBuilt("forcectl"), "forcectl is not built (swift build --product forcectl)")
    let scratch = ScratchCLI("forcectl-interrupted")
    defer { scratch.remove() }
    let output = scratch.file("out.csv", "precious\n")
    let run = try ToolProcess("forcectl", ["sim", "run", "--input", "-", "--output", output])
    run.type("left,right\n" + String(repeating: "10,20\n300,280\n", count: 5000))
    let writing = ToolProcess.waitUntil { scratch.hidden().contains { $0.hasPrefix(".out.csv.") } }
    #expect(writing, "sim run started writing its temporary file")
    run.send(signal)
    let ending = run.wait()
    #expect(ending.signaled && ending.status == signal, "\(ending)")
    #expect(scratch.hidden().isEmpty, "temporary files left: \(scratch.hidden())")
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "precious\n")
  }
}

import ForceCtlKit
import ForceDevice
import ForceTestSupport
import Foundation
import Testing

/// Progress on standard error: shown on a terminal after half a second, rate and time
/// left, cleared at the end; never in a pipe or with --quiet.
@Suite struct ProgressLineTests {
  final class Recorder: @unchecked Sendable {
    var written: [String] = []
    var time = 100.0
  }

  func line(_ recorder: Recorder, enabled: Bool = true) -> ProgressLine {
    ProgressLine(
      "replay", unit: "frames", enabled: enabled, write: { recorder.written.append($0) }, now: { recorder.time })
  }

  @Test func quickWorkPrintsNothing() {
    let recorder = Recorder()
    let progress = line(recorder)
    recorder.time += 0.4
    progress.report(500, fraction: 0.9)
    progress.finish()
    #expect(recorder.written.isEmpty)
  }

  @Test func longWorkShowsRateAndTimeLeftThenClears() {
    let recorder = Recorder()
    let progress = line(recorder)
    recorder.time += 2
    progress.report(4000, fraction: 0.25)
    #expect(recorder.written == ["\rreplay: 25 % 4,000 frames, 2,000 frames/s 0:06 left\u{1B}[K"])
    recorder.time += 0.1
    progress.report(4200, fraction: 0.26)
    #expect(recorder.written.count == 1, "redrawn at most five times a second")
    recorder.time += 0.2
    progress.report(5000)
    #expect(recorder.written.last == "\rreplay: 5,000 frames, 2,174 frames/s\u{1B}[K")
    progress.finish()
    #expect(recorder.written.last == "\r\u{1B}[K")
  }

  @Test func disabledPrintsNothing() {
    let recorder = Recorder()
    let progress = line(recorder, enabled: false)
    recorder.time += 10
    progress.report(1, fraction: 0.5)
    progress.finish()
    #expect(recorder.written.isEmpty)
  }

  /// `sim study` with standard error on a terminal (a pseudo-terminal the test holds)
  /// draws the line; with --quiet, or into a pipe, it does not.
  @Test func theStudyShowsProgressOnATerminalOnly() throws {
    let forcectl = HostTool.besideExecutable("forcectl")
    try #require(
      FileManager.default.isExecutableFile(atPath: forcectl.path),
      "forcectl is not built (swift build --product forcectl)")
    let output = TestScratch.file("progress").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    // Enough trials to outlast half a second in a debug build, on one thread.
    let study = ["sim", "study", "--participants", "8", "--repetitions", "2", "--jobs", "1", "--output", output]
    let shown = try stderrOnTerminal(forcectl, study)
    #expect(shown.contains("sim study: ") && shown.contains("trials/s") && shown.contains(" left"), "\(shown)")
    #expect(shown.contains("\u{1B}[K\r\u{1B}[K"), "the line is cleared at the end")
    let quiet = try stderrOnTerminal(forcectl, study + ["--quiet"])
    #expect(!quiet.contains("sim study:"), "\(quiet)")
  }

  /// Runs `tool` under util-linux `script`, which gives it a pseudo-terminal for its
  /// standard output and error; returns what the terminal showed.
  func stderrOnTerminal(_ tool: URL, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    let command = ([tool.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
    process.arguments = ["--quiet", "--return", "--command", command, "/dev/null"]
    let screen = Pipe()
    process.standardOutput = screen
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: screen.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
    return text
  }
}

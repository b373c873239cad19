import ArgumentParser
import ForceCtlKit
import Foundation
import Testing

/// `--help` of each device command, compared with Snapshots/<name>.txt.
///
/// To regenerate after changing a command's options or help text:
///   UPDATE_SNAPSHOTS=1 swift test --scratch-path .build-ui --filter ForceCtlDeviceUITests.HelpSnapshotTests
/// then review `git diff Tests/ForceCtlDeviceUITests/Snapshots`.
@Suite struct HelpSnapshotTests {
  static let commands: [(String, any ParsableCommand.Type)] = [
    ("monitor", ForceCtl.Monitor.self), ("record", ForceCtl.Record.self), ("calibrate", ForceCtl.Calibrate.self),
    ("flash", ForceCtl.Flash.self), ("plot", ForceCtl.Plot.self), ("demo", ForceCtl.Demo.self),
    ("info", ForceCtl.Info.self), ("params-set", ForceCtl.Params.Set.self), ("params-diff", ForceCtl.Params.Diff.self),
    ("replay", ForceCtl.Replay.self), ("bench", ForceCtl.Bench.self),
    ("bootsel", ForceCtl.Bootsel.self), ("sitl", ForceCtl.Sitl.self),
    ("emulate", ForceCtl.Emulate.self), ("ports", ForceCtl.Ports.self), ("sim-run", ForceCtl.Sim.Run.self),
    ("ui", ForceCtl.UI.self), ("study", ForceCtl.Study.self), ("study-report", ForceCtl.Study.Report.self),
    ("study-run", ForceCtl.Study.Run.self),
    ("forcectl", ForceCtl.self),
  ]

  static let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Snapshots")

  @Test(arguments: HelpSnapshotTests.commands.map(\.0))
  func help(_ name: String) throws {
    let type = Self.commands.first { $0.0 == name }!.1
    let help = type.helpMessage(columns: 100) + "\n"
    if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] != nil {
      try help.write(to: Self.sourceDirectory.appendingPathComponent("\(name).txt"), atomically: true, encoding: .utf8)
      return
    }
    let url = try #require(Bundle.module.url(forResource: "Snapshots/\(name)", withExtension: "txt"))
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(help == expected, "help for \(name) changed; regenerate with UPDATE_SNAPSHOTS=1 (see the comment above)")
  }
}

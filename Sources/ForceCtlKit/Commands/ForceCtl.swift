import ArgumentParser
import ForceDevice
import ForceProtocol
import ForceTrace

/// `forcectl`: the ForcePicker host tool.
///
/// One root command; each group of subcommands lives in its own file as an extension.
public struct ForceCtl: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "forcectl",
    abstract: "Tune, monitor, record and simulate ForcePicker force devices.",
    version: ReleaseVersion.text,
    subcommands: [
      Ports.self, Info.self, Params.self, Monitor.self, Record.self, Replay.self, Calibrate.self,
      Bench.self, Bootsel.self, Emulate.self, Sitl.self, Flash.self, Demo.self, Plot.self, Sim.self, Study.self,
      UI.self,
    ]
  )

  public init() {}

  /// The one-line message shown for `error` (what `main` prints before exiting non-zero).
  public static func message(for error: Error) -> String {
    if let error = error as? CLIError { return error.description }
    if let error = error as? DeviceError { return error.description }
    if let error = error as? FileError { return error.description }
    return fullMessage(for: error)
  }
}

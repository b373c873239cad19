import ArgumentParser
import ForceDevice
import ForceEngine
import ForceTrace

extension ForceCtl.Params {
  /// `params diff [FILE]`.
  public struct Diff: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "diff",
      abstract: "Show the device's parameters that differ from the defaults, or from a file (exit 1 if any differ).")
    @OptionGroup public var device: DeviceOptions
    @Argument(help: ArgumentHelp("Parameter file to compare with (default: factory defaults).", valueName: "FILE"))
    public var file: String?
    public init() {}
    public func run() throws {
      let reference = try ParameterFile.parameters(file)
      let current = try device.session { client throws(DeviceError) in try client.readParameters() }
      let label = file ?? "defaults"
      let differences = ParameterText.allIDs.filter { current[$0] != reference[$0] }.map { id in
        "\(ParameterText.name(id)): \(ParameterText.format(reference[id], of: id)) -> \(ParameterText.format(current[id], of: id))"
      }
      if differences.isEmpty {
        try printLines(["no differences from \(file ?? "the defaults")"])
        return
      }
      try printLines(["parameter: \(label) -> device"] + differences)
      throw ExitCode(1)
    }
  }
}

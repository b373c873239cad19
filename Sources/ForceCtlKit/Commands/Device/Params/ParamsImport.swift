import ArgumentParser
import ForceDevice
import ForceTrace

extension ForceCtl.Params {
  /// `params import FILE`: all or nothing.
  public struct Import: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Set parameters from a JSON (or NAME=VALUE) file, all or nothing.")
    @OptionGroup public var device: DeviceOptions
    @Argument(help: ArgumentHelp("Parameter file.", valueName: "FILE")) public var file: String
    public init() {}
    public func run() throws {
      let located = try ParameterFile.assignments(file)
      // Check the whole file locally first, so a bad file never reaches the device.
      _ = try ParameterFile.parameters(file, located)
      let pairs = located.map { ($0.id, $0.value) }
      try device.session { client throws(DeviceError) in try client.setParameters(pairs) }
      print("imported \(pairs.count) parameters from \(inputName(file))")
    }
  }
}

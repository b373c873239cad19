import ArgumentParser
import ForceDevice
import ForceTrace

extension ForceCtl.Params {
  /// `params export FILE`.
  public struct Export: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Write the device's parameters to a JSON file with the schema version.")
    @OptionGroup public var device: DeviceOptions
    @Argument(help: ArgumentHelp("Output JSON file (- for standard output).", valueName: "FILE")) public var file:
      String
    public init() {}
    public func run() throws {
      let parameters = try device.session { client throws(DeviceError) in try client.readParameters() }
      try OutputFile.write(ParameterText.json(parameters), to: file == "-" ? nil : file)
      if file != "-" { printError("wrote \(ParameterText.allIDs.count) parameters to \(file)") }
    }
  }
}

import ArgumentParser
import ForceDevice
import ForceTrace

extension ForceCtl.Params {
  /// `params get NAME…`.
  public struct Get: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "get", abstract: "Print the value of parameters.")
    @OptionGroup public var device: DeviceOptions
    @Argument(help: "Parameter names.", transform: ParameterName.parse) public var names: [ParameterName]
    public init() {}

    public func run() throws {
      let values = try device.session { client throws(DeviceError) in
        var values: [Int32] = []
        for name in names { values.append(try client.parameter(name.id)) }
        return values
      }
      for (name, value) in zip(names, values) {
        print("\(ParameterText.name(name.id))=\(ParameterText.format(value, of: name.id))")
      }
    }
  }
}

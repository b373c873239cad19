import ArgumentParser
import ForceDevice
import ForceProtocol

extension ForceCtl.Params {
  /// `params save`.
  public struct Save: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "save", abstract: "Save the device's parameters to its flash.")
    @OptionGroup public var device: DeviceOptions
    public init() {}
    public func run() throws {
      try device.session { client throws(DeviceError) in _ = try client.request(.paramSave) }
      print("saved to flash")
    }
  }
}

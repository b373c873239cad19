import ArgumentParser
import ForceDevice
import ForceProtocol

extension ForceCtl.Params {
  /// `params save`.
  public struct Save: ParsableCommand {
    public static let configuration = CommandConfiguration(abstract: "Save the device's parameters to its flash.")
    @OptionGroup public var device: DeviceOptions
    public init() {}
    public func run() throws {
      try device.session { client throws(DeviceError) in _ = try client.request(.paramSave) }
      print("saved to flash")
    }
  }

  /// `params load`.
  public struct Load: ParsableCommand {
    public static let configuration = CommandConfiguration(abstract: "Load the parameters saved in the device's flash.")
    @OptionGroup public var device: DeviceOptions
    public init() {}
    public func run() throws {
      try device.session { client throws(DeviceError) in _ = try client.request(.paramLoad) }
      print("loaded from flash")
    }
  }

  /// `params defaults`.
  public struct Defaults: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Restore the factory defaults (flash is unchanged until save).")
    @OptionGroup public var device: DeviceOptions
    public init() {}
    public func run() throws {
      try device.session { client throws(DeviceError) in _ = try client.request(.paramDefaults) }
      print("factory defaults restored")
    }
  }
}

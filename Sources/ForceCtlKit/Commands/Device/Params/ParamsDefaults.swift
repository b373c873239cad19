import ArgumentParser
import ForceDevice
import ForceProtocol

extension ForceCtl.Params {
  /// `params defaults`.
  public struct Defaults: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "defaults",
      abstract: "Restore the factory defaults (flash is unchanged until save).")
    @OptionGroup public var device: DeviceOptions
    public init() {}
    public func run() throws {
      try device.session { client throws(DeviceError) in _ = try client.request(.paramDefaults) }
      print("factory defaults restored")
    }
  }
}

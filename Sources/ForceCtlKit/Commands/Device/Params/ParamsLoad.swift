import ArgumentParser
import ForceDevice
import ForceProtocol

extension ForceCtl.Params {
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
}

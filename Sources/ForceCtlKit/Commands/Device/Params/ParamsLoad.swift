import ArgumentParser
import ForceDevice
import ForceProtocol

extension ForceCtl.Params {
  /// `params load`.
  public struct Load: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "load", abstract: "Load the parameters saved in the device's flash.")
    @OptionGroup public var device: DeviceOptions
    public init() {}
    public func run() throws {
      let reply = try device.session { client throws(DeviceError) in try client.request(.paramLoad) }
      if case .paramLoaded(let loaded) = reply, loaded.source == .flashOlderRecord {
        print("loaded the older saved record from flash: the newest is damaged, so the last save was lost")
      } else {
        print("loaded from flash")
      }
    }
  }
}

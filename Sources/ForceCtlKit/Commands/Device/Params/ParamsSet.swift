import ArgumentParser
import ForceDevice
import ForceTrace

extension ForceCtl.Params {
  /// `params set NAME=VALUE…`: one batch, all or nothing.
  public struct Set: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "set",
      abstract: "Set parameters live, checked on the device as one batch (all or nothing).")
    @OptionGroup public var device: DeviceOptions
    @Argument(help: ArgumentHelp("Assignments.", valueName: "NAME=VALUE"), transform: ParameterAssignment.parse)
    public var assignments: [ParameterAssignment]
    public init() {}

    public func run() throws {
      try device.session { client throws(DeviceError) in try client.setParameters(assignments.map(\.pair)) }
      for a in assignments { print("\(ParameterText.name(a.id))=\(ParameterText.format(a.value, of: a.id))") }
    }
  }
}

import ArgumentParser

extension ForceCtl {
  /// `forcectl params …`: live parameters, validated on the device.
  public struct Params: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "params",
      abstract: "List, read, set, save, load, export, import and diff a device's parameters.",
      subcommands: [
        List.self, Get.self, Set.self, Save.self, Load.self, Defaults.self, Export.self, Import.self, Diff.self,
      ]
    )

    public init() {}
  }
}

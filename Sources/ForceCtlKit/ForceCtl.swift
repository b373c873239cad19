import ArgumentParser

/// `forcectl`: the ForcePicker host tool.
///
/// One root command; each group of subcommands lives in its own file as an extension.
public struct ForceCtl: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "forcectl",
    abstract: "Tune, monitor, record and simulate ForcePicker force devices.",
    subcommands: [Sim.self]
  )

  public init() {}
}

import ArgumentParser

extension ForceCtl {
  /// `forcectl sim …`: the engine on the host.
  public struct Sim: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "sim",
      abstract: "Run the engine on the host: traces, simulated users, studies.",
      subcommands: [Run.self, Gesture.self, Study.self, Sweep.self, Fit.self]
    )

    public init() {}
  }
}

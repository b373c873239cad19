import ArgumentParser

extension ForceCtl {
  /// `forcectl study …`: studies with people (Docs/running-a-study.md).
  public struct Study: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "study",
      abstract: "Studies on a device: run the design with a simulated participant; report on the trials.",
      subcommands: [Run.self, Report.self]
    )

    public init() {}
  }
}

import ArgumentParser

extension ForceCtl {
  /// `forcectl study …`: studies with people (Docs/running-a-study.md).
  public struct Study: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "study",
      abstract: "Studies with people: report on trials in the sim study format, set against a simulation.",
      subcommands: [Report.self]
    )

    public init() {}
  }
}

import ArgumentParser
import Glibc

/// `--quiet`, shared by the commands that show progress on standard error.
public struct ProgressOptions: ParsableArguments {
  @Flag(name: .shortAndLong, help: "No progress line on standard error (it is only shown on a terminal anyway).")
  public var quiet = false

  public init() {}

  /// A progress line for `label`, on when standard error is a terminal and --quiet is not given.
  public func line(_ label: String, unit: String) -> ProgressLine {
    ProgressLine(label, unit: unit, enabled: !quiet && isatty(2) == 1)
  }
}

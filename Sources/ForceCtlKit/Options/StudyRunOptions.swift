import ArgumentParser
import Foundation

/// `--repetitions`, `--seed` and `--jobs`, shared by `sim study` and `sim sweep`.
public struct StudyRunOptions: ParsableArguments {
  @Option(help: "Repetitions of each task per participant.")
  public var repetitions: Int = 3

  @Option(help: "Seed of the participants' models and the trials' noise (the same participants at every point).")
  public var seed: UInt64 = 1

  @Option(help: "Worker threads (results do not depend on it; default: all cores).")
  public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  public init() {}

  public func validate() throws {
    guard (1...100).contains(repetitions) else { throw ValidationError("--repetitions must be in 1...100") }
    guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be in 1...256") }
  }
}

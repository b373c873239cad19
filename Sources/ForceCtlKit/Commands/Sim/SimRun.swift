import ArgumentParser
import ForceEngine
import ForceTrace
import Foundation

extension ForceCtl.Sim {
  /// `forcectl sim run`: the SPEC §7 contract.
  public struct Run: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Run the engine over a CSV of raw frames and write the SPEC §7 output CSV."
    )

    @Option(help: ArgumentHelp("Input CSV with columns left,right (0–1023) and optionally t_ms.", valueName: "IN.csv"))
    public var input: String

    @OptionGroup public var parameters: ParameterOptions

    @Option(help: ArgumentHelp("Output CSV (default: standard output).", valueName: "OUT.csv"))
    public var output: String?

    public init() {}

    public func run() throws {
      let parameters = try self.parameters.resolve()
      let text = try InputFile.read(input)
      let frames: [RawFrame]
      do { frames = try InputTrace.parse(text) } catch { throw CLIError("\(input): \(error.description)") }
      let csv = Simulation(parameters: parameters).csv(for: frames)
      try OutputFile.write(csv, to: output)
    }
  }
}

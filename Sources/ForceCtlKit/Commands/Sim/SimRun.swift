import ArgumentParser
import ForceEngine
import ForceTrace
import Foundation

extension ForceCtl.Sim {
  /// `forcectl sim run`: the output CSV of Docs/csv-formats.md.
  public struct Run: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Run the engine over a CSV of raw frames and write the output CSV (Docs/csv-formats.md)."
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

import ArgumentParser
import ForceEngine
import ForceTrace
import Foundation

extension ForceCtl {
  /// `forcectl plot`: a CSV to an SVG figure.
  public struct Plot: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "plot",
      abstract: "Plot force and value over time from a `sim run`, replay or `record` CSV as an SVG.",
      discussion: """
        Force is drawn against the contact, rest and boost thresholds (dashed; the \
        defaults, or as set with --set/--profile), the value as a step line on the right \
        axis, commits as dots. Render to PNG with e.g. `rsvg-convert -o fig.png fig.svg`.
        """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("CSV to plot.", valueName: "trace.csv"))
    public var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("SVG file to write.", valueName: "fig.svg"))
    public var output: String

    @Option(help: ArgumentHelp("Figure title (default: the input file name).", valueName: "TEXT"))
    public var title: String?

    @OptionGroup public var parameters: ParameterOptions

    public init() {}

    public func run() throws {
      let parameters = try self.parameters.resolve()
      let data: PlotData
      do {
        data = try PlotData.read(input, sampleRateHz: Int(parameters.sampleRateHz))
      } catch let error as TraceError {
        throw CLIError("\(inputName(input)): \(error.description)")
      }
      let svg = PlotSVG.render(
        data, thresholds: PlotThresholds(parameters),
        title: title ?? URL(fileURLWithPath: input).lastPathComponent)
      try OutputFile.write(svg, to: output)
    }
  }
}

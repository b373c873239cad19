import ArgumentParser
import ForceSim
import ForceTrace
import Foundation

extension ForceCtl.Study {
  /// `forcectl study report`: the summaries of trials logged in the `sim study` format,
  /// and, with `--compare`, a simulation set beside them cell by cell.
  public struct Report: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "report",
      abstract: "Summarise study directories (sim study's format) and compare them with a simulation.",
      discussion: """
        Reads DIR/trials.csv of each DIR (pooled; a participant's technique block may be in one \
        directory only) and writes summary.md, summary.csv, time-by-range.svg, time-by-distance.svg \
        and success-by-distance.svg as sim study does, with time on a log scale (geometric means, \
        95 % t intervals) and the extreme outliers (Tukey, 3 × IQR per cell; listed, not dropped). \
        With --compare, also comparison.md (measured and simulated side by side per technique and \
        per technique × RANGE × DISTANCE) and comparison-by-technique.svg. Nothing is written when \
        an input is refused. See Docs/running-a-study.md.
        """
    )

    @Argument(help: ArgumentHelp("Directories holding a trials.csv of measured trials (pooled).", valueName: "DIR"))
    public var directories: [String]

    @Option(
      help: ArgumentHelp("A simulation's directory (sim study --output) to set beside DIR….", valueName: "SIMDIR"))
    public var compare: String?

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp("Directory for the report (created if needed; default: the first DIR).", valueName: "OUT"))
    public var output: String?

    public init() {}

    public func validate() throws {
      var seen: Set<String> = []
      for directory in directories {
        let name = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard seen.insert(name).inserted else { throw ValidationError("\(directory) is given twice") }
      }
    }

    public func run() throws {
      let measured = try TrialDirectories.read(directories)
      let simulated = try compare.map { try TrialDirectories.read([$0]) }
      let files = StudyReportFiles.files(
        measured: measured, sources: directories, simulated: simulated, simulatedSource: compare ?? "")
      let out = output ?? directories[0]
      do { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) } catch {
        throw CLIError("cannot write \(out): \(ErrorReason.text(error))")
      }
      for file in files { try OutputFile.write(file.text, to: out + "/" + file.name) }
      let cells = StudySummary.cells(measured.map(\.record))
      try printLines([
        StudyReport.overall(cells),
        "\(measured.count) trials from \(directories.count) director\(directories.count == 1 ? "y" : "ies"); "
          + "report (\(files.map(\.name).joined(separator: ", "))) in \(out)",
      ])
    }
  }
}

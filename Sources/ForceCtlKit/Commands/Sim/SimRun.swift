import ArgumentParser
import ForceEngine
import ForceTrace
import Foundation

extension ForceCtl.Sim {
  /// `forcectl sim run`: the output CSV of Docs/csv-formats.md.
  public struct Run: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "run",
      abstract: "Run the engine over a CSV of raw frames and write the output CSV (Docs/csv-formats.md).",
      discussion: """
        The input is read and the output written frame by frame, so memory stays the \
        same however long the trace. `-` reads the input from standard input. A bad input \
        writes nothing: to standard output (or a pipe or device) a file input is checked \
        whole before the first row; a standard-input input cannot be read twice, so its \
        rows up to a bad line are written before the error.
        """
    )

    @Option(help: ArgumentHelp("Input CSV with columns left,right (0–1023) and optionally t_ms.", valueName: "IN.csv"))
    public var input: String

    @OptionGroup public var parameters: ParameterOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Output CSV (default: standard output).", valueName: "OUT.csv"))
    public var output: String?

    @OptionGroup public var progress: ProgressOptions

    public init() {}

    public func run() throws {
      let parameters = try self.parameters.resolve()
      do {
        let frames = try InputTraceStream(input)
        // Rows written straight through cannot be taken back: check the whole input first.
        if OutputFile.writesStraightThrough(output) { try frames.checkWhole() }
        let file = try OutputFile(output)
        defer { file.discard() }
        var engine = ForceEngine(parameters: parameters)
        try file.write(OutputCSV.header + "\n")
        let line = progress.line("sim run", unit: "frames")
        defer { line.finish() }
        let unitsPerItem = engine.unitsPerItem
        var index = 0
        while let frame = try frames.next() {
          let (result, shown) = Simulation.step(&engine, frame)  // a probe frame reads the pulled readings
          try OutputCSV.write(
            frame: index, left: shown.left, right: shown.right, output: result, unitsPerItem: unitsPerItem, to: file)
          index += 1
          if index & 0xFFF == 0 { line.report(Double(index), fraction: frames.fractionRead) }
        }
        try file.commit()
      } catch let error as TraceError {
        throw CLIError("\(inputName(input)): \(error.description)")
      }
    }
  }
}

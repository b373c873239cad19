import ArgumentParser
import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation

extension ForceCtl {
  /// `forcectl replay`: a trace through the device's engine, by injection.
  public struct Replay: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "replay",
      abstract: "Inject a trace into the device and write the output CSV (Docs/csv-formats.md).",
      discussion: """
        With --compare, runs `sim run` on the same trace with the device's parameters and reports \
        the first difference. The trace is read, injected and written in chunks, so memory stays \
        the same however long it is; the output is only put in place once the whole trace went through. \
        To standard output (or a pipe or device) a file input is checked whole before anything is sent.
        """
    )

    /// Frames injected per round trip of the streaming loop.
    static let chunkFrames = 1024

    @OptionGroup public var device: DeviceOptions
    @Option(
      help: ArgumentHelp("Input CSV with columns left,right (0–1023); `-` reads standard input.", valueName: "IN.csv"))
    public var input: String?
    @Option(help: ArgumentHelp("Or a gesture script (Docs/gestures.md) to turn into frames.", valueName: "FILE"))
    public var script: String?
    @Option(name: .shortAndLong, help: ArgumentHelp("Output CSV (default: standard output).", valueName: "OUT.csv"))
    public var output: String?
    @Flag(help: "Compare with `sim run` and report the first difference (exit 1 if any).") public var compare = false
    @OptionGroup public var progress: ProgressOptions

    public init() {}

    public func validate() throws {
      guard (input == nil) != (script == nil) else { throw ValidationError("give either --input or --script") }
    }

    public func run() throws {
      let source = try ReplaySource(input: input, script: script)
      // Rows written straight through cannot be taken back: check the whole input first.
      if OutputFile.writesStraightThrough(output) { try source.checkWhole() }
      let client = try device.connect()
      defer { client.close() }
      var expected: ForceEngine?
      if compare {
        do { expected = ForceEngine(parameters: try client.readParameters()) } catch {
          throw CLIError(error.description)
        }
      }
      let file = try OutputFile(output)
      defer { file.discard() }
      try file.write(OutputCSV.header + "\n")
      let line = progress.line("replay", unit: "frames")
      defer { line.finish() }
      var difference: String?
      var index = 0
      var chunk = try source.next(Self.chunkFrames)
      while !chunk.isEmpty {
        let following = try source.next(Self.chunkFrames)
        let results: [InjectResult]
        do {
          results = try client.inject(chunk, reset: index == 0, endSession: following.isEmpty)
        } catch { throw CLIError(error.description) }
        for (frame, result) in zip(chunk, results) {
          try OutputCSV.write(
            frame: index, left: frame.left, right: frame.right, output: result.output,
            unitsPerItem: result.unitsPerItem, to: file)
          if difference == nil, expected != nil {
            let row = OutputCSV.row(
              frame: index, left: frame.left, right: frame.right, output: result.output,
              unitsPerItem: result.unitsPerItem)
            let simulated = expected!.step(left: frame.left, right: frame.right)
            let simulatedRow = OutputCSV.row(
              frame: index, left: frame.left, right: frame.right, output: simulated,
              unitsPerItem: expected!.unitsPerItem)
            if simulatedRow != row {
              difference = "first difference at line \(index + 2):\n  device:   \(row)\n  sim run:  \(simulatedRow)"
            }
          }
          index += 1
        }
        line.report(Double(index), fraction: source.fractionRead)
        chunk = following
      }
      try file.commit()
      line.finish()
      guard compare else { return }
      if let difference {
        FileHandle.standardError.write(Data((difference + "\n").utf8))
        throw ExitCode(1)
      }
      FileHandle.standardError.write(Data("identical to sim run: \(index) frames\n".utf8))
    }
  }
}

/// Where `replay` takes its frames from: a CSV read as it goes, or a gesture script's frames.
final class ReplaySource {
  private let path: String
  private let stream: InputTraceStream?
  private let frames: [RawFrame]
  private var position = 0

  /// Opens the input (checking up to its first frame) or expands the script.
  init(input: String?, script: String?) throws {
    if let input {
      path = input
      do { stream = try InputTraceStream(input) } catch let error as TraceError {
        throw CLIError("\(inputName(input)): \(error.description)")
      }
      frames = []
    } else {
      path = script!
      stream = nil
      frames = try DemoGesture.parse(try InputFile.read(script!)).frames()
    }
  }

  /// Reads a file input whole once before it is played (`InputTraceStream.checkWhole`).
  func checkWhole() throws {
    do { try stream?.checkWhole() } catch let error as TraceError {
      throw CLIError("\(inputName(path)): \(error.description)")
    }
  }

  /// Up to `count` more frames; empty at the end.
  func next(_ count: Int) throws -> [RawFrame] {
    guard let stream else {
      let end = min(frames.count, position + count)
      defer { position = end }
      return Array(frames[position..<end])
    }
    var chunk: [RawFrame] = []
    chunk.reserveCapacity(count)
    do {
      while chunk.count < count, let frame = try stream.next() { chunk.append(frame) }
    } catch let error as TraceError {
      throw CLIError("\(inputName(path)): \(error.description)")
    }
    return chunk
  }

  /// How much of the input has been read, 0...1, when known.
  var fractionRead: Double? {
    if let stream { return stream.fractionRead }
    return frames.isEmpty ? nil : Double(position) / Double(frames.count)
  }
}

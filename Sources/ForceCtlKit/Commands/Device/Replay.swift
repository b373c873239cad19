import ArgumentParser
import ForceDevice
import ForceEngine
import ForceTrace
import Foundation

extension ForceCtl {
  /// `forcectl replay`: a trace through the device's engine, by injection.
  public struct Replay: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Inject a trace into the device and write the output CSV (Docs/csv-formats.md).",
      discussion:
        "With --compare, runs `sim run` on the same trace with the device's parameters and reports the first difference."
    )

    @OptionGroup public var device: DeviceOptions
    @Option(help: ArgumentHelp("Input CSV with columns left,right (0–1023).", valueName: "IN.csv"))
    public var input: String?
    @Option(help: ArgumentHelp("Or a gesture script (Docs/gestures.md) to turn into frames.", valueName: "FILE"))
    public var script: String?
    @Option(help: ArgumentHelp("Output CSV (default: standard output).", valueName: "OUT.csv")) public var output:
      String?
    @Flag(help: "Compare with `sim run` and report the first difference (exit 1 if any).") public var compare = false

    public init() {}

    public func validate() throws {
      guard (input == nil) != (script == nil) else { throw ValidationError("give either --input or --script") }
    }

    public func run() throws {
      let frames: [RawFrame]
      if let input {
        do { frames = try InputTrace.parse(try InputFile.read(input)) } catch let error as TraceError {
          throw CLIError("\(input): \(error.description)")
        }
      } else {
        frames = try DemoGesture.parse(try InputFile.read(script!)).frames()
      }
      let client = try device.connect()
      defer { client.close() }
      let outputs: [FrameOutput]
      do { outputs = try client.inject(frames) } catch { throw CLIError(error.description) }
      let csv = OutputCSV.text(frames: frames, outputs: outputs)
      try OutputFile.write(csv, to: output)
      guard compare else { return }
      let parameters: Parameters
      do { parameters = try client.readParameters() } catch { throw CLIError(error.description) }
      let expected = Simulation(parameters: parameters).csv(for: frames)
      if let difference = ReplayComparison.firstDifference(device: csv, simulation: expected) {
        FileHandle.standardError.write(Data((difference + "\n").utf8))
        throw ExitCode(1)
      }
      FileHandle.standardError.write(Data("identical to sim run: \(frames.count) frames\n".utf8))
    }
  }
}

/// Compares two output CSV texts line by line.
public enum ReplayComparison {
  /// A message naming the first differing line, or nil when identical.
  public static func firstDifference(device: String, simulation: String) -> String? {
    let a = device.split(separator: "\n", omittingEmptySubsequences: false)
    let b = simulation.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(a.count, b.count) {
      let left = index < a.count ? String(a[index]) : "<end>"
      let right = index < b.count ? String(b[index]) : "<end>"
      if left != right {
        return "first difference at line \(index + 1):\n  device:   \(left)\n  sim run:  \(right)"
      }
    }
    return nil
  }
}

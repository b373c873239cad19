import ArgumentParser
import ForceTrace
import Foundation

extension ForceCtl.Sim {
  /// `forcectl sim gesture`: a gesture script (Docs/gestures.md) to an input CSV.
  public struct Gesture: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "gesture",
      abstract: "Turn a gesture script (Docs/gestures.md) into an input CSV with columns t_ms,left,right.",
      discussion: """
        The script's levels are what a nominal sensor would read; --sensor, --board and --fault read \
        them through a model of real cells, a real converter and wiring faults (Docs/sensor-model.md). \
        The defaults leave them unchanged.
        """
    )

    @Option(help: ArgumentHelp("The gesture script.", valueName: "FILE"))
    public var script: String

    @Option(help: ArgumentHelp("Frames per second (default: the script's `rate`, else 200).", valueName: "HZ"))
    public var rate: Int?

    @Flag(
      help:
        "Count frames the way the golden inputs do: each segment a whole number of frames ending on its levels, rounded down."
    )
    public var stepped = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Output CSV (default: standard output).", valueName: "OUT.csv"))
    public var output: String?

    @OptionGroup(title: "Sensor model") public var sensor: SensorOptions

    public init() {}

    public func validate() throws {
      if let rate, !(50...1000).contains(rate) { throw ValidationError("--rate must be in 50...1000") }
    }

    public func run() throws {
      let text = try InputFile.read(script)
      let parsed: GestureScript
      do { parsed = try GestureScript.parse(text) } catch {
        throw CLIError("\(inputName(script)): \(error.description)")
      }
      var frames =
        stepped ? parsed.steppedFrames(sampleRateHz: rate) : parsed.frames(sampleRateHz: rate ?? parsed.sampleRateHz)
      var model = try sensor.model()
      frames = model.apply(to: frames)
      try OutputFile.write(GestureScript.csv(frames), to: output)
    }
  }
}

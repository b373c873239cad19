import ArgumentParser
import ForceDevice
import ForceLink
import Foundation

extension ForceCtl {
  /// `forcectl sitl`: the host build of the firmware.
  public struct Sitl: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "sitl",
      abstract: "Run the host build of the firmware (SITL), its UART on tcp://127.0.0.1:PORT.",
      discussion: """
        With --trace the CSV's frames are the cells' readings, one a frame at sample_rate_hz, looping. \
        --sensor, --board, --sensor-seed and --fault read them through the sensor model first, as \
        `sim gesture` does (Docs/sensor-model.md): the trace holds what a nominal sensor would read, and \
        every pass plays the same modelled readings.
        """
    )

    @Option(help: "TCP port for the firmware's UART.") public var port: Int = 5760
    @Option(help: ArgumentHelp("File that keeps the parameter flash.", valueName: "FILE"))
    public var flash: String = ".forcepicker-sitl.flash"
    @Option(help: ArgumentHelp("Play this CSV (left,right) as live ADC readings, looping.", valueName: "IN.csv"))
    public var trace: String?
    @Flag(
      help:
        "Restart the engine at power-up state as each pass of --trace begins, so every pass gives what `sim run` gives."
    )
    public var restartEachPass = false

    @OptionGroup(title: "Sensor model (with --trace)") public var sensor: SensorOptions

    public init() {}

    public func validate() throws {
      guard (1...65_535).contains(port) else { throw ValidationError("--port must be 1...65535") }
      if trace == nil && (!sensor.values.isDefault || restartEachPass) {
        throw ValidationError(
          "--sensor, --board, --sensor-seed, --fault and --restart-each-pass need --trace (injected samples are taken as they come)"
        )
      }
    }

    /// What `forcepicker-sitl` is started with: the same options, the sensor model's
    /// without their defaults.
    public var sitlArguments: [String] {
      var arguments = ["--port", String(port), "--flash", flash]
      if let trace { arguments += ["--trace", trace] + sensor.values.arguments }
      if restartEachPass { arguments.append("--restart-each-pass") }
      return arguments
    }

    public func run() throws {
      if let reason = TCPPortProbe.failure(port: port) {
        throw CLIError(
          "cannot serve the SITL's UART on 127.0.0.1:\(port): \(reason) (a SITL or emulator already running there? `forcectl info --port tcp://127.0.0.1:\(port)` asks it); stop it, or give another --port"
        )
      }
      let binary = HostTool.besideExecutable(SITLBinary.name)
      guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        throw CLIError(
          "\(SITLBinary.name) not found beside forcectl: build it with `swift build --product \(SITLBinary.name)`")
      }
      try ReplaceProcess.exec(binary.path, sitlArguments)
    }
  }
}

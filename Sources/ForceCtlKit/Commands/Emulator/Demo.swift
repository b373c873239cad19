import ArgumentParser
import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation

extension ForceCtl {
  /// `forcectl demo`: the whole loop in one command.
  public struct Demo: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "demo",
      abstract: "Boot the firmware (QEMU or SITL, or use a board), tune it live, play a thumb roll and plot it.",
      discussion: """
        Without --port, builds the micro:bit firmware if needed (Tools/build-firmware), \
        boots it in QEMU (or the SITL host build with --sitl) on a free local port and \
        stops it at the end. Then: the handshake, a live parameter change read back, a \
        scripted thumb-roll gesture injected frame by frame with monitor-style lines and \
        the committed value, and an SVG plot of force and value over time.
        """
    )

    @Option(
      help: ArgumentHelp(
        "Use this device instead of starting one (serial path, serial:NUMBER or tcp://HOST:PORT).", valueName: "PORT")
    )
    public var port: String?

    @Flag(help: "Run the SITL host build instead of QEMU (faster).")
    public var sitl = false

    @Option(help: ArgumentHelp("SVG plot to write.", valueName: "FILE"))
    public var plot: String = "forcepicker-demo.svg"

    @Option(help: ArgumentHelp("Seconds to wait for the handshake.", valueName: "SECONDS"))
    public var timeout: Double = 2

    @Option(
      help: ArgumentHelp("Play this gesture script (Docs/gestures.md) instead of the thumb roll.", valueName: "FILE"))
    public var script: String?

    /// The gesture to inject: the script's, or the built-in thumb roll.
    func gesture() throws -> GestureScript {
      guard let script else { return try DemoGesture.parse() }
      return try DemoGesture.parse(try InputFile.read(script))
    }

    @Option(help: ArgumentHelp("Print one monitor line every N frames.", valueName: "N"))
    public var every: Int = 20

    public init() {}

    public func validate() throws {
      if port != nil && sitl { throw ValidationError("--sitl starts a local device; leave it out when giving --port") }
      guard every >= 1 else { throw ValidationError("--every must be at least 1") }
      guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
    }

    func say(_ text: String) {
      print(text)
      fflush(nil)
    }

    public func run() throws {
      let gesture = try gesture()  // a bad script fails before anything boots
      Interrupt.installExitingAtOnce()
      defer { Interrupt.uninstall() }
      var emulated: EmulatedDevice?
      defer { emulated?.stop() }
      let handshakeTimeout = Duration.milliseconds(Int(timeout * 1000))

      let client: DeviceClient
      if let port {
        say("== connecting to \(port)")
        do { client = try DeviceClient.connect(to: port, timeout: handshakeTimeout) } catch {
          throw CLIError(error.description)
        }
      } else {
        guard let root = RepositoryRoot.find() else {
          throw CLIError("cannot find the ForcePicker checkout (run from the repository root, or give --port)")
        }
        do {
          if sitl {
            let binary = try SITLBinary.built(in: root, say: say)
            say("== starting SITL: \(binary.path)")
            emulated = try EmulatedDevice(kind: .sitl, image: binary)
          } else {
            let elf = try FirmwareImage.built(in: root, say: say)
            say("== booting \(elf.lastPathComponent) in QEMU (micro:bit model)")
            emulated = try EmulatedDevice(kind: .qemu, image: elf)
          }
          say("   UART on \(emulated!.address)")
          client = try emulated!.connect(within: .seconds(15), timeout: handshakeTimeout)
        } catch {
          throw CLIError(error.description)
        }
      }
      defer { client.close() }
      client.silenceLimit = DeviceClient.defaultSilenceLimit
      do {
        try session(client, gesture: gesture)
      } catch {
        throw CLIError(error.description)
      }
    }

    func session(_ client: DeviceClient, gesture: GestureScript) throws(DeviceError) {
      guard let info = client.info else { throw .unexpected("no handshake") }
      say("== handshake: \(info.summary)")
      say("   parameter schema \(client.schemaMatches ? "matches" : "DIFFERS from") this forcectl")

      // Live tuning: change speed_normal_max and read it back.
      let parameter = ParameterID.speedNormalMax
      let name = String(describing: parameter.info.name)
      let before = try client.parameter(parameter)
      let wanted: Int32 = before == 20_000 ? 18_000 : 20_000
      _ = try client.request(.paramSet(ParamValue(parameter, wanted)))
      let after = try client.parameter(parameter)
      say("== tuning live: \(name) \(before) -> \(wanted) (read back: \(after))")

      var parameters = Parameters.defaults
      for id in [ParameterID.contactThreshold, .restThreshold, .boostThreshold, .sampleRateHz] {
        try? parameters.set(id, to: try client.parameter(id))
      }
      let thresholds = PlotThresholds(parameters)
      let rate = Int(parameters.sampleRateHz)

      // The gesture, injected.
      let frames = gesture.frames(sampleRateHz: rate)
      say(
        "== \(script == nil ? "thumb roll" : script!): \(frames.count) frames (\(frames.count * 1000 / rate) ms)\(script == nil ? ": rest, roll up, overshoot into boost, roll back, release" : "")"
      )
      let results = try client.inject(frames)
      let outputs = results.map(\.output)
      var committed: Int32?
      for (index, (frame, result)) in zip(frames, results).enumerated() {
        let output = result.output
        let telemetry = Telemetry(
          frame: UInt16(truncatingIfNeeded: index), left: frame.left, right: frame.right, output: output,
          positionMilli: result.positionMilli)
        let tokens = OutputCSV.eventTokens(output.events).split(separator: ";").filter { !$0.hasPrefix("value:") }
        if index % every == 0 || !tokens.isEmpty {
          var line = MonitorLine.render(telemetry, thresholds: thresholds)
          if !tokens.isEmpty { line += "  <- " + tokens.joined(separator: " ") }
          say(line)
        }
        if output.events.contains(.commit) { committed = output.events.value }
      }
      if let committed {
        say("== committed value: \(committed)")
      } else {
        say("== no commit (final value \(outputs.last?.value ?? 0))")
      }

      // Put the parameter back, so a real board is left as it was.
      _ = try? client.request(.paramSet(ParamValue(parameter, before)))

      let svg = PlotSVG.render(
        PlotData.from(outputs: outputs, sampleRateHz: rate), thresholds: thresholds,
        title: "ForcePicker demo: thumb roll on \(info.boardName)")
      do { try OutputFile.write(svg, to: plot) } catch { throw .host(error.description) }
      say("== plot: \(plot)")
    }
  }
}

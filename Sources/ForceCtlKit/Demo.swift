import ArgumentParser
import ForceEngine
import ForceProtocol
import ForceSim
import Foundation

/// A firmware build in a subprocess (the SITL host build or the micro:bit image in
/// QEMU) with its UART on a free local TCP port. `stop()` kills it; so does deinit.
public final class EmulatedDevice: @unchecked Sendable {
  public enum Kind: String, Sendable { case sitl, qemu }

  public let kind: Kind
  public let port: Int
  public let process: Process
  public var address: String { "tcp://127.0.0.1:\(port)" }

  /// Starts `executable` (SITL binary or QEMU ELF image).
  public init(kind: Kind, image: URL, flashFile: URL? = nil, trace: URL? = nil, port: Int? = nil) throws {
    self.kind = kind
    self.port = port ?? EmulatedDevice.freePort()
    process = Process()
    switch kind {
    case .sitl:
      process.executableURL = image
      let flash =
        flashFile
        ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("forcepicker-\(UUID().uuidString).flash")
      process.arguments =
        ["--port", "\(self.port)", "--flash", flash.path] + (trace.map { ["--trace", $0.path] } ?? [])
    case .qemu:
      guard let qemu = EmulatedDevice.which("qemu-system-arm") else {
        throw CLIError(
          "qemu-system-arm not found: install it (Debian/Ubuntu: sudo apt-get install qemu-system-arm), or use --sitl")
      }
      process.executableURL = qemu
      process.arguments = [
        "-M", "microbit", "-display", "none", "-monitor", "none", "-kernel", image.path,
        "-serial", "tcp:127.0.0.1:\(self.port),server=on,wait=off",
      ]
    }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw CLIError("cannot start \(process.executableURL?.path ?? "?"): \(error.localizedDescription)")
    }
    Interrupt.childPID = process.processIdentifier
  }

  /// Connects, retrying while the process starts listening (up to `within`).
  public func connect(within: Duration = .seconds(10), timeout: Duration = .seconds(2)) throws -> DeviceClient {
    let deadline = ContinuousClock.now + within
    var last = "no attempt"
    while ContinuousClock.now < deadline {
      guard process.isRunning else {
        throw CLIError(
          "the \(kind == .qemu ? "emulator" : "SITL") exited (status \(process.terminationStatus)) before answering")
      }
      do {
        return try DeviceClient.connect(to: address, timeout: timeout)
      } catch {
        last = error.description
        Thread.sleep(forTimeInterval: 0.1)
      }
    }
    throw CLIError("cannot reach the \(kind == .qemu ? "emulator" : "SITL") on \(address): \(last)")
  }

  /// Terminates the process and waits for it.
  ///
  /// SIGTERM first; SIGKILL after a second, because a child started from a thread
  /// that blocks signals (Swift Testing's, for one) inherits that mask and never sees
  /// SIGTERM.
  public func stop() {
    if process.isRunning {
      process.terminate()
      let deadline = ContinuousClock.now + .seconds(1)
      while process.isRunning && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.02) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    if Interrupt.childPID == process.processIdentifier { Interrupt.childPID = 0 }
  }

  deinit { stop() }

  /// A TCP port on 127.0.0.1 nobody listens on right now.
  public static func freePort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// An executable on PATH.
  public static func which(_ name: String) -> URL? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }
}

/// Where the ForcePicker checkout is: the current directory or one above it, else
/// one above the running executable (`.build/debug/forcectl`).
public enum RepositoryRoot {
  public static func find(from directory: String = FileManager.default.currentDirectoryPath) -> URL? {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for start in [URL(fileURLWithPath: directory), executable] {
      var candidate = start.standardizedFileURL
      for _ in 0..<8 {
        if isRoot(candidate) { return candidate }
        let parent = candidate.deletingLastPathComponent()
        if parent.path == candidate.path { break }
        candidate = parent
      }
    }
    return nil
  }

  static func isRoot(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
      && FileManager.default.fileExists(atPath: url.appendingPathComponent("Tools/build-firmware").path)
  }
}

/// The demo's gesture, in the gesture script format of Docs/gestures.md.
public enum DemoGesture {
  /// Touch and rest, roll up, overshoot into boost, ease off, roll back (down),
  /// release quickly.
  public static let thumbRoll = """
    # The demo's thumb roll (Docs/gestures.md).
    hold 0 0 for 100ms
    ramp to 50 50 over 100ms       # touch
    hold for 300ms                 # rest: the neutral balance is captured
    ramp to 120 330 over 300ms     # roll right and press: up, normal zone
    hold for 1200ms
    ramp to 280 650 over 250ms     # overshoot into boost
    hold for 350ms
    ramp to 120 330 over 200ms     # ease off
    hold for 150ms
    ramp to 330 120 over 300ms     # roll back: down
    hold for 700ms
    ramp to 0 0 over 30ms          # quick release
    hold for 300ms
    """

  /// `script` (default: the thumb roll), parsed.
  public static func parse(_ script: String = thumbRoll) throws -> GestureScript {
    do {
      return try GestureScript.parse(script)
    } catch {
      throw CLIError("gesture script: \(error)")
    }
  }

  /// The frames of `script` (default: the thumb roll) at `sampleRateHz`.
  public static func frames(_ script: String = thumbRoll, sampleRateHz: Int = 200) throws -> [RawFrame] {
    try parse(script).frames(sampleRateHz: sampleRateHz)
  }
}

extension ForceCtl {
  /// `forcectl demo`: the whole loop in one command.
  public struct Demo: ParsableCommand {
    public static let configuration = CommandConfiguration(
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
      help: ArgumentHelp("Use this device instead of starting one (serial path or tcp://HOST:PORT).", valueName: "PORT")
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
        if sitl {
          let binary = try Demo.sitlBinary(root: root)
          say("== starting SITL: \(binary.path)")
          emulated = try EmulatedDevice(kind: .sitl, image: binary)
        } else {
          let elf = try Demo.firmwareImage(root: root, say: say)
          say("== booting \(elf.lastPathComponent) in QEMU (micro:bit model)")
          emulated = try EmulatedDevice(kind: .qemu, image: elf)
        }
        say("   UART on \(emulated!.address)")
        client = try emulated!.connect(within: .seconds(15), timeout: handshakeTimeout)
      }
      defer { client.close() }
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
      let before = try Demo.get(parameter, client)
      let wanted: Int32 = before == 20_000 ? 18_000 : 20_000
      _ = try client.request(.paramSet(ParamValue(parameter, wanted)))
      let after = try Demo.get(parameter, client)
      say("== tuning live: \(name) \(before) -> \(wanted) (read back: \(after))")

      var parameters = Parameters.defaults
      for id in [ParameterID.contactThreshold, .restThreshold, .boostThreshold, .sampleRateHz] {
        try? parameters.set(id, to: try Demo.get(id, client))
      }
      let thresholds = PlotThresholds(parameters)
      let rate = Int(parameters.sampleRateHz)

      // The gesture, injected.
      let frames = gesture.frames(sampleRateHz: rate)
      say(
        "== \(script == nil ? "thumb roll" : script!): \(frames.count) frames (\(frames.count * 1000 / rate) ms)\(script == nil ? ": rest, roll up, overshoot into boost, roll back, release" : "")"
      )
      let outputs = try client.inject(frames)
      var committed: Int32?
      for (index, (frame, output)) in zip(frames, outputs).enumerated() {
        let telemetry = Telemetry(
          frame: UInt16(truncatingIfNeeded: index), left: frame.left, right: frame.right, output: output)
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
        title: "ForcePicker demo: thumb roll on \(info.board.withBytes { String(decoding: $0, as: UTF8.self) })")
      do {
        try svg.write(toFile: plot, atomically: true, encoding: .utf8)
      } catch {
        throw .unexpected("cannot write \(plot): \(error.localizedDescription)")
      }
      say("== plot: \(plot)")
    }

    static func get(_ parameter: ParameterID, _ client: DeviceClient) throws(DeviceError) -> Int32 {
      let reply = try client.request(.paramGet(id: parameter.rawValue))
      guard case .paramValue(let value) = reply else { throw .unexpected("\(reply.type) to paramGet") }
      return value.value
    }

    /// The SITL binary beside this executable, or built with `swift build`.
    static func sitlBinary(root: URL) throws -> URL {
      let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("forcepicker-sitl")
      if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
      print("== building forcepicker-sitl (swift build --product forcepicker-sitl)")
      try runTool("/usr/bin/env", ["swift", "build", "--product", "forcepicker-sitl"], in: root)
      let built = root.appendingPathComponent(".build/debug/forcepicker-sitl")
      guard FileManager.default.isExecutableFile(atPath: built.path) else {
        throw CLIError("built forcepicker-sitl but cannot find it at \(built.path)")
      }
      return built
    }

    /// The firmware ELF, built with Tools/build-firmware if it is missing.
    static func firmwareImage(root: URL, say: (String) -> Void) throws -> URL {
      let elf = root.appendingPathComponent(".build-firmware/microbit/forcepicker-microbit.elf")
      if FileManager.default.fileExists(atPath: elf.path) { return elf }
      say("== building the firmware (Tools/build-firmware)")
      try runTool(root.appendingPathComponent("Tools/build-firmware").path, [], in: root)
      guard FileManager.default.fileExists(atPath: elf.path) else {
        throw CLIError("Tools/build-firmware finished but \(elf.path) is missing")
      }
      return elf
    }

    static func runTool(_ path: String, _ arguments: [String], in directory: URL) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = arguments
      process.currentDirectoryURL = directory
      do { try process.run() } catch { throw CLIError("cannot run \(path): \(error.localizedDescription)") }
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw CLIError("\(([path] + arguments).joined(separator: " ")) failed (exit \(process.terminationStatus))")
      }
    }
  }
}

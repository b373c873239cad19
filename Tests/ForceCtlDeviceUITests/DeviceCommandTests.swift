import ArgumentParser
import ForceCtlKit
import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

/// info, params, replay and bench against SITL, parsed and run in-process as a user
/// would type them. Part of the serialized suite: they capture standard output.
extension ForceCtlDeviceUITests {
  /// `forcectl --version` and the firmware's handshake report one version.
  @Test(Support.needsSITL) func versionIsTheOneTheFirmwareReports() throws {
    var printed = ""
    do {
      _ = try ForceCtl.parseAsRoot(["--version"])
      Issue.record("--version did not exit")
    } catch {
      printed = ForceCtl.message(for: error)
    }
    #expect(printed == ReleaseVersion.text)
    let device = try Support.sitl()
    defer { device.stop() }
    let client = try device.connect()
    defer { client.close() }
    #expect(client.info?.firmwareVersion == printed)
  }

  /// Runs a forcectl command line and returns what it printed (`Support.forcectl`).
  func forcectl(_ arguments: [String]) throws -> String { try Support.forcectl(arguments) }

  /// The one-line error a command line ends with.
  func forcectlError(_ arguments: [String]) throws -> String? { try Support.forcectlError(arguments) }

  /// `params diff`'s output, checking it exits 1 (there are differences).
  func diff(_ arguments: [String]) throws -> String {
    let run = try Support.run(["params", "diff"] + arguments)
    #expect(run.status == 1, "\(run.error ?? "")")
    return run.output
  }

  /// `--port serial:NUMBER` on a device command: a number no USB device has is named,
  /// before anything is opened; a malformed one is refused as an address.
  @Test func aSerialNumberNoDeviceHasIsNamed() throws {
    let error = try #require(try forcectlError(["info", "--port", "serial:NOSUCHNUMBER0"]))
    #expect(error.hasPrefix("no serial port has the USB serial number NOSUCHNUMBER0: "))
    #expect(error.hasSuffix("; `forcectl ports` lists what is connected"))
    #expect(
      try forcectlError(["bootsel", "--port", "serial:"])
        == "\"serial:\" is not a USB serial number: give serial:NUMBER as `forcectl ports` lists it (SERIAL), e.g. serial:E66138935F4A2B2C"
    )
  }

  /// SITL has no bootloader: `bootsel` says so before sending anything, names the
  /// board, and the device carries on.
  @Test(Support.needsSITL) func bootselOnABoardWithoutABootloaderSaysWhichCan() throws {
    let device = try Support.sitl()
    defer { device.stop() }
    #expect(
      try forcectlError(["bootsel", "--port", device.address])
        == "\(device.address): the sitl board (firmware \(ReleaseVersion.text)) cannot reboot into a bootloader; only a Pico can (a micro:bit is flashed through its MICROBIT drive: forcectl flash)"
    )
    #expect(try forcectl(["info", "--port", device.address]).contains("device:       sitl"))
  }

  @Test(Support.needsSITL) func infoShowsTheHandshake() throws {
    let device = try Support.sitl()
    defer { device.stop() }
    let text = try forcectl(["info", "--port", device.address])
    #expect(
      text.contains(
        "device:       sitl firmware 0.1.0, protocol \(FrameFormat.protocolVersion), factory defaults (flash blank)"))
    #expect(text.contains("(matches this forcectl)"))
    #expect(text.contains("CPU duty:     not measured"))  // SITL does not sleep
    #expect(text.contains("boot faults:  none") && text.contains("chip:         not read"))  // no clocks to bring up
    let output = try forcectl(["info", "--port", device.address, "--json"])
    // Suites running in parallel print to the same process's stdout: take info's own line.
    let json = try #require(output.split(separator: "\n").first { $0.hasPrefix("{") })
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(object?["board"] as? String == "sitl")
    #expect(object?["schema_matches"] as? Bool == true)
    #expect(object?["cpu_duty_percent"] as? Double == 0)
    #expect((object?["boot_faults"] as? [String])?.isEmpty == true && object?["chip_revision"] as? Int == 0)
  }

  /// `info` right after `params save` (or `params load`) names the saved record, not
  /// what the flash held at boot; `params set` and `params defaults` leave it as it was.
  @Test(Support.needsSITL) func infoAfterASaveNamesTheSavedRecord() throws {
    let device = try Support.sitl()
    defer { device.stop() }
    let port = device.address
    func source() throws -> String? {
      let line = try forcectl(["info", "--port", port]).split(separator: "\n").first { $0.hasPrefix("device:") }
      return line?.split(separator: ", ").last.map(String.init)
    }
    #expect(try source() == "factory defaults (flash blank)")
    _ = try forcectl(["params", "set", "--port", port, "rest_threshold=250"])
    #expect(try source() == "factory defaults (flash blank)")
    _ = try forcectl(["params", "save", "--port", port])
    #expect(try source() == "parameters from flash")
    _ = try forcectl(["params", "defaults", "--port", port])
    #expect(try source() == "parameters from flash")
    _ = try forcectl(["params", "load", "--port", port])
    #expect(try source() == "parameters from flash")
    #expect(try forcectl(["params", "get", "--port", port, "rest_threshold"]) == "rest_threshold=250\n")
  }

  /// `replay` to standard output checks a file input whole before it sends a frame, so a
  /// bad last row writes nothing (as `sim run` does; Docs/csv-formats.md).
  @Test(Support.needsSITL) func replayToStandardOutputWritesNothingForABadLastRow() throws {
    let device = try Support.sitl()
    defer { device.stop() }
    let input = Support.temp("bad-last.csv")
    try ("t_ms,left,right\n" + (0..<5000).map { "\($0 * 5),10,20\n" }.joined() + "1,10,20\n").write(
      to: input, atomically: true, encoding: .utf8)
    let output = Pipe()
    let run = try ToolProcess(
      "forcectl", ["replay", "--port", device.address, "--input", input.path], output: output.fileHandleForWriting)
    try output.fileHandleForWriting.close()
    let written = output.fileHandleForReading.readDataToEndOfFile()
    let ending = run.wait()
    #expect(ending.status == 1)
    #expect(
      ending.errors.contains("\(input.path): line 5002, column 1: t_ms: 1 is before the previous row's 24995"),
      "\(ending.errors)")
    #expect(written.isEmpty, "\(written.count) bytes written before the error")
  }

  @Test(Support.needsSITL) func paramsRoundTripThroughTheDevice() throws {
    let device = try Support.sitl()
    defer { device.stop() }
    let port = device.address

    let list = try forcectl(["params", "list", "--port", port])
    #expect(list.split(separator: "\n").count == ParameterID.count + 1)
    #expect(list.contains("rest_threshold                205          2       1021        205  counts"))

    #expect(
      try forcectl(["params", "set", "--port", port, "rest_threshold=250", "technique=pulse"]).contains(
        "technique=pulse"))
    #expect(
      try forcectl(["params", "get", "--port", port, "rest_threshold", "technique"])
        == "rest_threshold=250\ntechnique=pulse\n")

    // Rejected on the device, naming the rule; nothing changes.
    let error = try forcectlError(["params", "set", "--port", port, "boost_threshold=255"])
    #expect(
      error
        == "rejected by the device: rest_threshold = 250 breaks the rule rest_threshold < boost_threshold - hysteresis")
    #expect(try forcectl(["params", "get", "--port", port, "boost_threshold"]) == "boost_threshold=818\n")

    #expect(
      try diff(["--port", port])
        == "parameter: defaults -> device\ntechnique: thumb-roll -> pulse\nrest_threshold: 205 -> 250\n")

    // Export, defaults, import: back to the exported values, all or nothing.
    let file = Support.temp("params.json")
    _ = try forcectl(["params", "export", "--port", port, file.path])
    let exported = try String(contentsOf: file, encoding: .utf8)
    #expect(exported.contains("\"schema_hash\": \"\(ParameterText.hex(Parameters.schemaHash))\""))
    _ = try forcectl(["params", "defaults", "--port", port])
    #expect(try forcectl(["params", "diff", "--port", port]) == "no differences from the defaults\n")
    #expect(try diff(["--port", port, file.path]).contains("rest_threshold: 250 -> 205"))
    _ = try forcectl(["params", "import", "--port", port, file.path])
    #expect(try forcectl(["params", "diff", "--port", port, file.path]) == "no differences from \(file.path)\n")

    let bad = Support.temp("bad.json")
    try #"{"parameters": {"rest_threshold": 100, "contact_threshold": 150}}"#.write(
      to: bad, atomically: true, encoding: .utf8)
    #expect(try forcectlError(["params", "import", "--port", port, bad.path])?.contains("breaks the rule") == true)
    #expect(try forcectl(["params", "get", "--port", port, "rest_threshold"]) == "rest_threshold=250\n")

    // Save, change, load.
    _ = try forcectl(["params", "save", "--port", port])
    _ = try forcectl(["params", "set", "--port", port, "rest_threshold=300"])
    _ = try forcectl(["params", "load", "--port", port])
    #expect(try forcectl(["params", "get", "--port", port, "rest_threshold"]) == "rest_threshold=250\n")
  }

  @Test(Support.needsSITL) func replayMatchesSimRunAndCompareSaysSo() throws {
    let device = try Support.sitl()
    defer { device.stop() }
    let golden = Support.root.appendingPathComponent("Tests/ForceEngineTests/Golden")
    let input = golden.appendingPathComponent("thumb-roll.in.csv").path
    let output = Support.temp("replay.csv")
    _ = try forcectl(["replay", "--port", device.address, "--input", input, "--output", output.path, "--compare"])
    let replayed = try String(contentsOf: output, encoding: .utf8)
    let expected = try String(contentsOf: golden.appendingPathComponent("thumb-roll.out.csv"), encoding: .utf8)
    #expect(replayed == expected)

    // A gesture script instead of a CSV: the same frames as `sim gesture` makes.
    let script = Support.temp("press.gesture")
    try "hold 0 0 for 50ms\nramp to 250 250 over 50ms\nhold for 500ms\nrelease over 30ms\nhold for 100ms\n"
      .write(to: script, atomically: true, encoding: .utf8)
    let scripted = Support.temp("scripted.csv")
    _ = try forcectl([
      "replay", "--port", device.address, "--script", script.path, "--output", scripted.path, "--compare",
    ])
    let rows = try String(contentsOf: scripted, encoding: .utf8).split(separator: "\n")
    #expect(rows.contains { $0.hasSuffix("commit:3;release") || $0.contains(";commit:") || $0.contains(",commit:") })
    #expect(
      try forcectlError(["replay", "--port", device.address, "--output", scripted.path])?.contains(
        "either --input or --script") == true)
  }

  @Test(Support.needsSITL) func benchReportsThePerFrameCost() throws {
    let device = try Support.sitl()
    defer { device.stop() }
    let output = try forcectl(["bench", "--port", device.address, "--frames", "2000", "--json"])
    // Suites running in parallel print to the same process's stdout: take bench's own line.
    let json = try #require(output.split(separator: "\n").first { $0.hasPrefix("{") })
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(object?["frames"] as? Int == 2000)
    #expect(object?["tick_hz"] as? Int == 1_000_000_000)
    #expect(
      try forcectlError(["bench", "--port", device.address, "--frames", "5"])?.contains("--frames must be") == true)
  }

  @Test func sitlAndEmulateValidateTheirPorts() {
    #expect(throws: (any Error).self) { try ForceCtl.Sitl.parseAsRoot(["--port", "70000"]) }
    #expect(throws: (any Error).self) { try ForceCtl.Emulate.parseAsRoot(["--port", "0"]) }
    let emulate = try? ForceCtl.Emulate.parseAsRoot(["--icount"]) as? ForceCtl.Emulate
    #expect(emulate?.icount == true && emulate?.port == 5761)
  }

  /// `emulate` is the one front door to both emulators (`Tools/emulate` runs it): the
  /// arguments after `--` go to QEMU, or with `--board pico` to the RP2040 emulator,
  /// which takes none of the micro:bit's options.
  @Test func emulateHandsItsEmulatorTheArgumentsAfterTheDashes() throws {
    let qemu = try #require(
      try ForceCtl.Emulate.parseAsRoot(["--gdb", "3333", "--image", "a.elf", "--", "-d", "in_asm"])
        as? ForceCtl.Emulate)
    #expect(qemu.board == .microbit && qemu.gdb == 3333 && qemu.image == "a.elf")
    #expect(qemu.emulatorArguments == ["-d", "in_asm"])
    let pico = try #require(
      try ForceCtl.Emulate.parseAsRoot(["--board", "pico", "--", "--trace", "in.csv"]) as? ForceCtl.Emulate)
    #expect(pico.board == .pico && pico.emulatorArguments == ["--trace", "in.csv"])
    for refused in [
      ["--board", "pico", "--icount"], ["--board", "pico", "--port", "5799"], ["--gesture", "--image", "a.elf"],
    ] {
      #expect(throws: (any Error).self, "\(refused)") { try ForceCtl.Emulate.parseAsRoot(refused) }
    }
    let help = try Support.run(["emulate", "--board", "pico", "--", "--help"])
    #expect(help.status == 0 && help.output.contains("pico-emulator.py"), "\(help.output.prefix(200))")
  }

  /// `sitl --trace` takes the sensor options and hands them on to `forcepicker-sitl`
  /// (the defaults left out); a bad one is named before anything starts, and without
  /// a trace they are refused.
  @Test func sitlTakesTheSensorOptionsWithATrace() throws {
    let sitl = try #require(
      try ForceCtl.Sitl.parseAsRoot([
        "--trace", "in.csv", "--sensor", "typical", "--board", "pico", "--sensor-seed", "2", "--fault",
        "railed:right@1s+300ms", "--fault", "open:left@2s", "--restart-each-pass", "--port", "5799",
      ]) as? ForceCtl.Sitl)
    #expect(
      sitl.sitlArguments == [
        "--port", "5799", "--flash", ".forcepicker-sitl.flash", "--trace", "in.csv", "--sensor", "typical", "--board",
        "pico", "--sensor-seed", "2", "--fault", "railed:right@1s+300ms", "--fault", "open:left@2s",
        "--restart-each-pass",
      ])
    let plain = try #require(try ForceCtl.Sitl.parseAsRoot(["--trace", "in.csv"]) as? ForceCtl.Sitl)
    #expect(plain.sitlArguments == ["--port", "5760", "--flash", ".forcepicker-sitl.flash", "--trace", "in.csv"])
    func error(_ arguments: [String]) -> String {
      do {
        _ = try ForceCtl.parseAsRoot(["sitl"] + arguments)
        return ""
      } catch {
        return ForceCtl.message(for: error)
      }
    }
    #expect(error(["--trace", "in.csv", "--sensor", "typcal"]).contains("--sensor: unknown sensor profile 'typcal'"))
    #expect(error(["--trace", "in.csv", "--fault", "railed:right"]).contains("--fault: fault 'railed:right'"))
    #expect(error(["--sensor", "typical"]).contains("need --trace"))
    #expect(error(["--restart-each-pass"]).contains("need --trace"))
  }
}

extension ForceCtlDeviceUITests {
  /// The forcectl binary beside the test binary.
  static var forcectlBinary: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("forcectl")
  }

  /// Whether `forcectl`, the SITL build, QEMU and the micro:bit image are all here.
  static var devicesHere: Bool {
    FileManager.default.isExecutableFile(atPath: forcectlBinary.path) && Support.sitlAvailable
      && HostTool.which(QEMU.executable) != nil
      && FileManager.default.fileExists(atPath: FirmwareImage.elf(in: Support.root).path)
  }

  /// `forcectl sitl` and `forcectl emulate` replace themselves with the device; run
  /// them as a user would and talk to what they serve.
  @Test(
    .enabled(
      if: Self.devicesHere || ProcessInfo.processInfo.environment["CI"] != nil,
      "forcectl, forcepicker-sitl, QEMU or the micro:bit image is missing"),
    arguments: ["sitl", "emulate"])
  func servesADeviceOnTheGivenPort(command: String) throws {
    let port = EmulatedDevice.freePort()
    let process = Process()
    process.executableURL = Self.forcectlBinary
    process.currentDirectoryURL = Support.root
    process.arguments =
      command == "sitl"
      ? ["sitl", "--port", "\(port)", "--flash", Support.temp("f.flash").path] : ["emulate", "--port", "\(port)"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      kill(process.processIdentifier, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(process.processIdentifier, &status, 0)
    }
    var client: DeviceClient?
    for _ in 0..<50 where client == nil {
      client = try? DeviceClient.connect(to: "tcp://127.0.0.1:\(port)", timeout: .seconds(2))
      if client == nil { Thread.sleep(forTimeInterval: 0.1) }
    }
    let connected = try #require(client)
    defer { connected.close() }
    #expect(connected.info?.board.equals(command == "sitl" ? "sitl" : "microbit-v1") == true)
  }
}

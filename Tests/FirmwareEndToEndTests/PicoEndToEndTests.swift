import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation
import Testing

/// The Pico firmware in the RP2040 emulator, over its UART, with the force cells
/// read through the emulated ADC: nothing is injected. Runs where the UF2 is built
/// and rp2040py installed (`Tools/test` does both), and always in CI, where a
/// missing emulator fails the suite instead of leaving it out.
@Suite(.serialized, .enabled(if: PicoEmulator.available || ProcessInfo.processInfo.environment["CI"] != nil))
struct PicoEndToEndTests {
  @Test func handshakeOverTheUART() throws {
    let pico = try PicoEmulator()
    let client = try pico.connect()
    defer { client.close() }
    let info = try #require(client.info)
    #expect(info.board.equals("pico"))
    #expect(info.protocolVersion == FrameFormat.protocolVersion)
    #expect(info.layoutVersion == Parameters.layoutVersion && info.schemaHash == Parameters.schemaHash)
    #expect(info.capabilities.contains(.adc) && info.capabilities.contains(.flash))
    // The UF2 writes only the image: the parameter sectors are erased flash.
    #expect(info.parameterSource == .defaultsBlankFlash)
    #expect(info.resetReason == ResetCode.powerOn)
    // Clock bring-up went through; rp2040py's CHIP_ID (0x10002927) is revision 1.
    #expect(info.bootFaults.isEmpty && info.chipRevision == 1)
  }

  /// The crystal's start-up delay is board.json's multiplier × 47 units of 256 cycles
  /// (~1 ms at 12 MHz), as the firmware wrote XOSC.STARTUP.
  @Test func theCrystalStartUpDelayFollowsTheBoardsBuildFact() throws {
    let url = DeviceUnderTest.root.appendingPathComponent("Hardware/pico/board.json")
    let facts = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    let multiplier = try #require(facts?["xosc_startup_delay_multiplier"] as? Int)
    let pico = try PicoEmulator()
    let stats = try JSONSerialization.jsonObject(with: Data(try pico.command("stats").utf8)) as? [String: Any]
    #expect(stats?["xosc_startup"] as? Int == (12_000_000 / 1000 + 128) / 256 * multiplier)
  }

  /// The SMPS is in PWM mode while the cells are sampled: GP23, the regulator's PS
  /// pin, is driven high from the boot on (Hardware/pico/README.md).
  @Test func theSupplyRunsInPWMModeWhileSampling() throws {
    let pico = try PicoEmulator()
    let stats = try JSONSerialization.jsonObject(with: Data(try pico.command("stats").utf8)) as? [String: Any]
    let pin = try #require(stats?["gp23"] as? [String: Any])
    #expect(pin["output"] as? Bool == true && pin["high"] as? Bool == true)
  }

  @Test func parametersSaveAndSurviveAReboot() throws {
    try checkParametersSurviveAReboot(on: PicoEmulator())
  }

  /// Describes every parameter, saves twice (both sectors), resets: the last save is loaded.
  func checkParametersSurviveAReboot(on pico: PicoEmulator) throws {
    var client = try pico.connect()
    for index in 0..<ParameterID.count {
      guard case .paramDescription(let description) = try client.request(.paramDescribe(id: UInt8(index))) else {
        Issue.record("describe \(index)")
        continue
      }
      #expect(description.name.equals(ParameterID.at(index)!.info.name))
    }
    #expect(
      try client.request(.paramSet(ParamValue(.restThreshold, 250))) == .paramValue(ParamValue(.restThreshold, 250)))
    #expect(try client.request(.paramSave) == .ack(Ack(.paramSave)))
    _ = try client.request(.paramSet(ParamValue(.restThreshold, 300)))
    #expect(try client.request(.paramSave) == .ack(Ack(.paramSave)))  // the other sector
    _ = try client.request(.paramSet(ParamValue(.restThreshold, 310)))  // not saved
    client.close()

    try pico.command("reset")
    client = try pico.connect()
    defer { client.close() }
    #expect(client.info?.parameterSource == .flash)
    #expect(client.info?.resetReason == ResetCode.pin)
    #expect(
      try client.request(.paramGet(id: ParameterID.restThreshold.rawValue))
        == .paramValue(ParamValue(.restThreshold, 300)))
  }

  /// Every golden trace, played frame by frame into the two ADC channels from its CSV
  /// (the fault traces: the Swift sensor model's readings for the Pico, as
  /// `sim gesture --sensor typical --board pico` wrote them): the CSV rebuilt from the
  /// telemetry and events matches `sim run` byte for byte.
  @Test func goldenTracesThroughTheADC() throws {
    try checkGoldenTraces(on: PicoEmulator())
  }

  /// Plays every golden trace into the ADC and compares the rebuilt CSV with `sim run`'s.
  /// The firmware reads exactly the trace's 10-bit readings (the CSV's left and right
  /// columns come from the telemetry), and the fault traces show their faults.
  func checkGoldenTraces(on pico: PicoEmulator) throws {
    #expect(GoldenTraces.names.count >= 11 && GoldenTraces.faultNames.count >= 4)
    for name in GoldenTraces.names {
      let (input, _, parameters) = try GoldenTraces.load(name)
      let actual = try play(GoldenTraces.url(of: name, "in.csv"), parameters: parameters, on: pico)
      #expect(actual == Simulation(parameters: parameters).csv(for: input), "\(name) differs")
      if GoldenTraces.faultNames.contains(name) { #expect(actual.contains("fault:"), "\(name): no fault") }
    }
  }

  /// Saves `parameters`, resets with the frames held (`reset paused`: the firmware boots
  /// and serves its UART, the engine as at power-up, as `sim run` starts), streams every
  /// frame and plays the CSV `file` into the ADC from the first frame (`trace-file`);
  /// returns the rebuilt CSV.
  func play(_ file: URL, parameters: Parameters, on pico: PicoEmulator) throws -> String {
    let input = try InputTrace.parse(String(contentsOf: file, encoding: .utf8))
    var client = try pico.connect()
    _ = try client.request(.paramDefaults)
    var batch = ParamBatch()
    for index in 0..<ParameterID.count {
      let id = ParameterID.at(index)!
      if parameters[id] != Parameters.defaults[id] { batch.append(ParamValue(id, parameters[id])) }
    }
    if batch.count > 0 { _ = try client.request(.paramSetBatch(batch)) }
    _ = try client.request(.paramSave)
    client.close()
    try pico.command("reset paused")
    client = try pico.connect()
    defer { client.close() }
    #expect(client.info?.parameterSource == .flash)

    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: true)))
    let reply = try pico.command("trace-file \(file.path)")
    let first = try #require(UInt16(reply.dropFirst("start ".count)))
    #expect(first == 1)  // the firmware's first frame since the boot: the engine is fresh
    var run = StreamedRun()
    let deadline = Date().addingTimeInterval(120)
    while run.received(first: first, count: input.count) < input.count && Date() < deadline {
      try run.take(from: client)
    }
    let received = run.received(first: first, count: input.count)
    try #require(received == input.count, "\(received) of \(input.count) frames streamed")
    return run.csv(first: first, count: input.count)
  }

  /// The cost of a frame on the emulated Cortex-M0+, counted instruction by
  /// instruction while the thumb-roll trace streams telemetry and events: the
  /// engine's step alone, and the whole frame, everything the core runs awake from
  /// one frame alarm to the next (the ADC pair's handlers, engine, encoding, UART).
  /// Printed for the README, and held to budgets.
  @Test func costPerFrameOnTheCortexM0Plus() throws {
    let pico = try PicoEmulator(profile: true)
    _ = try play(GoldenTraces.url(of: "thumb-roll", "in.csv"), parameters: .defaults, on: pico)
    let stats = try pico.command("stats")
    print("pico-emulator stats after thumb-roll: \(stats)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(stats.utf8)) as? [String: Any])
    let engine = try #require(json["engine_step_instructions"] as? [String: Any])
    let frame = try #require(json["frame_instructions"] as? [String: Any])
    let engineMean = try #require(engine["mean"] as? Double)
    let frameMax = try #require(frame["max"] as? Int)
    #expect(engineMean > 100 && engineMean < 600)
    #expect(frameMax < 6_500)  // measured 5 071; ~10 000 cycles, 80 µs at 125 MHz: 1.6 % of 5 ms
  }

  /// The UART build reboots into BOOTSEL too: the `ack` on the line first, then the
  /// boot ROM's `reset_usb_boot(0, 0)`.
  @Test func bootselOverTheUARTAnswersThenReboots() throws {
    let pico = try PicoEmulator()
    let client = try pico.connect()
    defer { client.close() }
    #expect(client.info?.capabilities.contains(.bootloader) == true)
    #expect(try client.request(.bootsel) == .ack(Ack(.bootsel)))
    let call = try pico.resetUSBBootCall()
    #expect(call.gpioActivityMask == 0 && call.disableInterfaceMask == 0)
  }

  @Test func watchdogResetIsReportedByTheNextHandshake() throws {
    let pico = try PicoEmulator()
    var client = try pico.connect()
    #expect(client.info?.resetReason == ResetCode.powerOn)
    client.close()
    // The frame timer stops: the loop never feeds the watchdog, which resets the chip
    // after 2 s of emulated time; the firmware boots again through the boot ROM.
    try pico.command("stall")
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline, !(try pico.command("stats")).contains("\"watchdog\": 1") {
      Thread.sleep(forTimeInterval: 0.2)
    }
    client = try pico.connect()
    defer { client.close() }
    #expect(client.info?.resetReason == ResetCode.watchdog)
    // Frames run again after the reset.
    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: false)))
    #expect(try client.takeStreamed(waiting: .seconds(5)).contains { if case .telemetry = $0 { true } else { false } })
  }

  /// The frame handler raised late by one period minus ε, for ε across the few hundred
  /// nanoseconds in which the next deadline passes while the handler writes it (the
  /// alarm then fires only when the counter wraps, 71 minutes on): frames keep coming
  /// in every step, the watchdog never bites, and the harness saw such a write, so the
  /// race was run into, not around.
  @Test func framesKeepComingWhenTheFrameHandlerIsAPeriodLate() throws {
    let pico = try PicoEmulator()
    let client = try pico.connect()
    client.close()
    func stats() throws -> [String: Any] {
      let json = try JSONSerialization.jsonObject(with: Data(try pico.command("stats").utf8))
      return try #require(json as? [String: Any])
    }
    func emulatedMs(_ stats: [String: Any]) -> Double { stats["emulated_ms"] as? Double ?? 0 }
    for epsilon in stride(from: 0, through: 900, by: 25) {
      try pico.command("late-frame-irq \(5_000_000 - epsilon)")  // 200 Hz: 5 ms a period
      let start = try stats()
      var now = start
      while emulatedMs(now) < emulatedMs(start) + 200 {
        Thread.sleep(forTimeInterval: 0.02)
        now = try stats()
      }
      let frames = (now["frames"] as? Int ?? 0) - (start["frames"] as? Int ?? 0)
      #expect(frames >= 15, "ε \(epsilon) ns: \(frames) frames in 200 ms")  // ≥ 100 Hz (a missed deadline skips one)
    }
    let end = try stats()
    #expect((end["resets"] as? [String: Int])?["watchdog"] == 0)
    #expect((end["alarm0_written_behind"] as? Int ?? 0) > 0)
    print("late frame handler: \(end)")
  }

  @Test func benchReportsMicrosecondTicks() throws {
    let pico = try PicoEmulator()
    let client = try pico.connect()
    defer { client.close() }
    let reply = try client.request(.bench(BenchRequest(frames: 2000)), timeout: .seconds(60))
    guard case .benchResult(let result) = reply else { throw DeviceError.unexpected("\(reply)") }
    #expect(result.frames == 2000 && result.tickHz == 1_000_000)
    #expect(result.ticks > 0 && result.maxFrameTicks > 0 && result.maxFrameTicks < result.ticks)
  }
}

/// The handshake's reset reasons (ForceFirmware's `ResetReason`).
enum ResetCode {
  static let powerOn: UInt8 = 0
  static let pin: UInt8 = 1
  static let watchdog: UInt8 = 2
}

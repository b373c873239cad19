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

  /// Every golden trace, played frame by frame into the two ADC channels: the CSV
  /// rebuilt from the telemetry and events matches `sim run` byte for byte.
  @Test func goldenTracesThroughTheADC() throws {
    try checkGoldenTraces(on: PicoEmulator())
  }

  /// Plays every golden trace into the ADC and compares the rebuilt CSV with `sim run`'s.
  func checkGoldenTraces(on pico: PicoEmulator) throws {
    let golden = DeviceUnderTest.root.appendingPathComponent("Tests/ForceEngineTests/Golden")
    let names = try FileManager.default.contentsOfDirectory(atPath: golden.path)
      .filter { $0.hasSuffix(".in.csv") }.map { String($0.dropLast(".in.csv".count)) }.sorted()
    #expect(names.count >= 7)
    for name in names {
      let input = try InputTrace.parse(
        String(contentsOf: golden.appendingPathComponent("\(name).in.csv"), encoding: .utf8))
      let args = try String(contentsOf: golden.appendingPathComponent("\(name).args"), encoding: .utf8)
      let assignments = try args.split(whereSeparator: { $0 == " " || $0 == "\n" }).map {
        try ParameterText.assignment(String($0))
      }
      let parameters = try ParameterText.applying(assignments, to: .defaults)
      let actual = try play(input, parameters: parameters, on: pico)
      #expect(actual == Simulation(parameters: parameters).csv(for: input), "\(name) differs")
    }
  }

  /// Saves `parameters`, reboots (a fresh engine, as `sim run` starts with), streams
  /// every frame and plays `input` into the ADC; returns the rebuilt CSV.
  func play(_ input: [RawFrame], parameters: Parameters, on pico: PicoEmulator) throws -> String {
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
    try pico.command("reset")
    client = try pico.connect()
    defer { client.close() }
    #expect(client.info?.parameterSource == .flash)

    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: true)))
    let pairs = input.map { "\($0.left),\($0.right)" }.joined(separator: " ")
    let reply = try pico.command("trace \(pairs)")
    let first = try #require(UInt16(reply.dropFirst("start ".count)))
    var telemetry: [Int: Telemetry] = [:]
    var events: [Int: EngineEvents] = [:]
    let deadline = Date().addingTimeInterval(120)
    while telemetry.count < input.count && Date() < deadline {
      for message in try client.takeStreamed(waiting: .seconds(2)) {
        switch message {
        case .telemetry(let t):
          let index = Int(t.frame &- first)
          if index < input.count { telemetry[index] = t }
        case .event(let report):
          let index = Int(report.frame &- first)
          if index < input.count { events[index] = report.events }
        default: break
        }
      }
    }
    try #require(telemetry.count == input.count, "\(telemetry.count) of \(input.count) frames streamed")
    let frames = (0..<input.count).map { RawFrame(left: telemetry[$0]!.left, right: telemetry[$0]!.right) }
    let outputs = (0..<input.count).map { index in
      let t = telemetry[index]!
      return FrameOutput(
        force: t.force, state: t.state, direction: t.direction, value: t.value,
        fraction: t.positionMilli - t.value * 1000, unitsPerItem: 1000, events: events[index] ?? EngineEvents())
    }
    return OutputCSV.text(frames: frames, outputs: outputs)
  }

  /// The cost of a frame on the emulated Cortex-M0+, counted instruction by
  /// instruction while the thumb-roll trace streams telemetry and events: the
  /// engine's step alone, and the whole frame, everything the core runs awake from
  /// one frame alarm to the next (the ADC pair's handlers, engine, encoding, UART).
  /// Printed for the README, and held to budgets.
  @Test func costPerFrameOnTheCortexM0Plus() throws {
    let pico = try PicoEmulator(profile: true)
    let golden = DeviceUnderTest.root.appendingPathComponent("Tests/ForceEngineTests/Golden")
    let input = try InputTrace.parse(
      String(contentsOf: golden.appendingPathComponent("thumb-roll.in.csv"), encoding: .utf8))
    _ = try play(input, parameters: .defaults, on: pico)
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

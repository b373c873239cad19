import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

/// The same checks against the SITL build and the micro:bit image in QEMU, over the
/// wire, as `forcectl` talks to a device.
@Suite(.serialized) struct FirmwareEndToEndTests {
  /// The targets the parameterised tests run on: every one in CI (where a missing
  /// emulator or image fails them), else those that can run here.
  static let kinds =
    DeviceUnderTest.inCI
    ? DeviceUnderTest.Kind.allCases : DeviceUnderTest.Kind.allCases.filter(DeviceUnderTest.available)

  /// Says, as a skipped test, when a target is missing here and the tests above run
  /// without it.
  @Test(
    .enabled(
      if: kinds.count == DeviceUnderTest.Kind.allCases.count,
      "a target is missing here (QEMU or the micro:bit image, or forcepicker-sitl): the tests over every target skip it"
    ))
  func everyTargetIsHere() {
    #expect(Self.kinds.allSatisfy(DeviceUnderTest.available))
  }

  @Test(arguments: kinds)
  func handshake(kind: DeviceUnderTest.Kind) throws {
    let device = try DeviceUnderTest(kind)
    let client = try device.connect()
    defer { client.close() }
    let info = try #require(client.info)
    #expect(info.protocolVersion == FrameFormat.protocolVersion)
    #expect(info.layoutVersion == Parameters.layoutVersion && info.schemaHash == Parameters.schemaHash)
    #expect(info.parameterCount == UInt8(ParameterID.count))
    #expect(!info.capabilities.contains(.adc))  // neither has an ADC: samples come by injection
    #expect(info.supplyMillivolts == 0)  // nor measures its supply (QEMU: no ADC to convert it)
    #expect(info.capabilities.contains(.flash) && info.capabilities.contains(.injection))
    // The SITL's flash file starts erased (0xFF); QEMU's flash outside the image
    // starts zeroed: both are blank, not corrupt.
    #expect(info.parameterSource == .defaultsBlankFlash)
    #expect(info.board.equals(kind == .sitl ? "sitl" : "microbit-v1"))
  }

  @Test(arguments: kinds)
  func parametersListSetRejectSaveLoad(kind: DeviceUnderTest.Kind) throws {
    let device = try DeviceUnderTest(kind)
    let client = try device.connect()
    defer { client.close() }

    // List: every parameter describes itself, so the host needs no table.
    for index in 0..<ParameterID.count {
      let reply = try client.request(.paramDescribe(id: UInt8(index)))
      guard case .paramDescription(let description) = reply else {
        Issue.record("describe \(index): \(reply)")
        continue
      }
      let info = ParameterID.at(index)!.info
      #expect(description.name.equals(info.name))
      #expect(description.min == info.min && description.max == info.max && description.value == info.defaultValue)
    }

    // Set, then a rejected set leaves the device unchanged.
    #expect(
      try client.request(.paramSet(ParamValue(.restThreshold, 250))) == .paramValue(ParamValue(.restThreshold, 250)))
    let reply = try #require(rejection { try client.request(.paramSet(ParamValue(.restThreshold, 900))) })
    #expect(reply.code == .outOfRange && reply.rule == .restBelowBoost)
    #expect(reply.parameter == ParameterID.restThreshold.rawValue)
    #expect(
      try client.request(.paramGet(id: ParameterID.restThreshold.rawValue))
        == .paramValue(ParamValue(.restThreshold, 250)))

    // A batch is all or nothing.
    var bad = ParamBatch()
    bad.append(ParamValue(.boostThreshold, 900))
    bad.append(ParamValue(.rangeMax, -5))
    #expect(rejection { try client.request(.paramSetBatch(bad)) }?.code == .outOfRange)
    #expect(
      try client.request(.paramGet(id: ParameterID.boostThreshold.rawValue))
        == .paramValue(ParamValue(.boostThreshold, 818)))

    // Load before any save: nothing stored.
    #expect(rejection { try client.request(.paramLoad) }?.code == .flash)
    // Save, change, load: the saved value comes back.
    #expect(try client.request(.paramSave) == .ack(Ack(.paramSave)))
    _ = try client.request(.paramSet(ParamValue(.restThreshold, 300)))
    #expect(try client.request(.paramLoad) == .paramLoaded(ParamLoaded(source: .flash)))
    #expect(
      try client.request(.paramGet(id: ParameterID.restThreshold.rawValue))
        == .paramValue(ParamValue(.restThreshold, 250)))
    // Save twice more (alternating slots), defaults, load: still the saved value.
    _ = try client.request(.paramSave)
    _ = try client.request(.paramSave)
    _ = try client.request(.paramDefaults)
    #expect(
      try client.request(.paramGet(id: ParameterID.restThreshold.rawValue))
        == .paramValue(ParamValue(.restThreshold, 205)))
    _ = try client.request(.paramLoad)
    #expect(
      try client.request(.paramGet(id: ParameterID.restThreshold.rawValue))
        == .paramValue(ParamValue(.restThreshold, 250)))
  }

  @Test(DeviceUnderTest.needs(.sitl)) func sitlKeepsSavedParametersAcrossARestart() throws {
    let flash = TestScratch.file("restart.flash")
    do {
      let device = try DeviceUnderTest(.sitl, flash: flash)
      let client = try device.connect()
      _ = try client.request(.paramSet(ParamValue(.speedNormalMax, 12000)))
      _ = try client.request(.paramSave)
      client.close()
      device.stop()
    }
    let device = try DeviceUnderTest(.sitl, flash: flash)
    let client = try device.connect()
    defer { client.close() }
    #expect(client.info?.parameterSource == .flash)
    #expect(
      try client.request(.paramGet(id: ParameterID.speedNormalMax.rawValue))
        == .paramValue(ParamValue(.speedNormalMax, 12000)))
  }

  @Test(DeviceUnderTest.needs(.sitl)) func sitlBootsDefaultsFromCorruptFlashAndSaysSo() throws {
    let flash = TestScratch.file("corrupt.flash")
    var bytes = [UInt8](repeating: 0xFF, count: 2048)
    bytes[0] = 0x46; bytes[1] = 0x50; bytes[2] = 0x4B; bytes[3] = 0x31  // magic, then garbage
    bytes[20] = 0x12
    // The SITL's flash file header: FPFLASH, format 1, 2 pages of 1024 bytes.
    let header = Array("FPFLASH".utf8) + [0, 1, 0, 0, 0, 0, 4, 0, 0, 2, 0, 0, 0]
    try Data(header + bytes).write(to: flash)
    let device = try DeviceUnderTest(.sitl, flash: flash)
    let client = try device.connect()
    defer { client.close() }
    #expect(client.info?.parameterSource == .defaultsCorruptFlash)
    #expect(
      try client.request(.paramGet(id: ParameterID.restThreshold.rawValue))
        == .paramValue(ParamValue(.restThreshold, 205)))
  }

  /// The engine's golden traces, injected: the rebuilt CSV matches `sim run` byte for
  /// byte. The fault traces (the typical sensor's noise and preload, a cell failing for
  /// 300 ms) must show their faults, so they cannot pass by showing none. Injection
  /// carries one pair a frame and QEMU has no ADC, so a probe frame reads the injected
  /// pair, which the engine takes for connected pins: a trace's pulled readings
  /// (`fault-floating`) cannot reach the device this way, and it runs as `sim run`
  /// does without them, showing no fault (Docs/sensor-faults.md).
  @Test(arguments: kinds)
  func goldenTracesReplayByteForByte(kind: DeviceUnderTest.Kind) throws {
    let device = try DeviceUnderTest(kind)
    let client = try device.connect()
    defer { client.close() }
    #expect(GoldenTraces.names.count >= 11 && GoldenTraces.faultNames.count >= 4)
    for name in GoldenTraces.names {
      let (input, assignments, parameters) = try GoldenTraces.load(name)
      _ = try client.request(.paramDefaults)
      var batch = ParamBatch()
      for (id, value) in assignments { batch.append(ParamValue(id, value)) }
      if batch.count > 0 { _ = try client.request(.paramSetBatch(batch)) }
      let results = try client.inject(input)
      let injected = input.map { RawFrame(left: $0.left, right: $0.right, timeMs: $0.timeMs) }
      // The readings as `sim run` shows them (a probe frame's last good ones): an inject
      // result carries the output only.
      let run = Simulation(parameters: parameters).run(injected)
      let unitsPerItem = results.first?.unitsPerItem ?? 0
      let expected = OutputCSV.text(frames: run.readings, outputs: run.outputs, unitsPerItem: unitsPerItem)
      let actual = OutputCSV.text(frames: run.readings, outputs: results.map(\.output), unitsPerItem: unitsPerItem)
      #expect(actual == expected, "\(name) differs on \(kind)")
      if GoldenTraces.faultNames.contains(name) && input.first?.pulled == nil {
        #expect(actual.contains("fault:"), "\(name): no fault on \(kind)")
      }
    }
  }

  @Test(arguments: kinds)
  func unknownTypeAndBadLengthGetErrorReplies(kind: DeviceUnderTest.Kind) throws {
    let device = try DeviceUnderTest(kind)
    let client = try device.connect()
    defer { client.close() }
    let unknown = try rawExchange(client, type: 0x42, seq: 9, body: [])
    #expect(unknown.seq == 9 && unknown.reply.code == .unknownType && unknown.reply.requestType == 0x42)
    let short = try rawExchange(client, type: MessageType.paramGet.rawValue, seq: 10, body: [])
    #expect(short.seq == 10 && short.reply.code == .badLength)
    let reply = try #require(rejection { try client.request(.paramGet(id: 200)) })  // no such parameter
    #expect(reply.code == .unknownParameter)
    // Two failures at once: the order Protocol.md gives (length before inject's flags;
    // paramSet's id before its missing value bytes).
    let flagsAndLength = try rawExchange(client, type: MessageType.inject.rawValue, seq: 11, body: [0x04, 0x0A, 0x00])
    #expect(flagsAndLength.seq == 11 && flagsAndLength.reply.code == .badLength)
    let unknownShort = try rawExchange(client, type: MessageType.paramSet.rawValue, seq: 12, body: [0xEE, 0x01, 0x00])
    #expect(
      unknownShort.seq == 12 && unknownShort.reply.code == .unknownParameter && unknownShort.reply.parameter == 0xEE)
  }

  /// Sends a hand-made frame and returns the error reply that comes back.
  func rawExchange(_ client: DeviceClient, type: UInt8, seq: UInt8, body: [UInt8]) throws -> (
    seq: UInt8, reply: ErrorReply
  ) {
    var buffer = [UInt8](repeating: 0, count: 300)
    let count = try buffer.withUnsafeMutableBytes { raw in
      try body.withUnsafeBytes { try FrameEncoder.encode(type: type, seq: seq, body: $0, into: raw) }
    }
    try client.transport.write(Array(buffer[0..<count]))
    var decoder = FrameDecoder()
    var chunk = [UInt8](repeating: 0, count: 512)
    let deadline = Date().addingTimeInterval(2)
    while Date() < deadline {
      let n = try client.transport.read(into: &chunk, timeout: .milliseconds(100))
      for byte in chunk[0..<n] {
        guard let frame = decoder.feed(byte) else { continue }
        guard case .error(let reply) = try Message.decode(frame) else { continue }
        return (frame.seq, reply)
      }
    }
    throw DeviceError.noReply(request: "raw frame", timeoutMs: 2000)
  }

  /// The error reply a request ends with, or nil when it succeeds.
  func rejection(_ body: () throws -> Message) -> ErrorReply? {
    do {
      _ = try body()
      return nil
    } catch {
      if case DeviceError.rejected(let reply) = error { return reply }
      Issue.record("unexpected failure: \(error)")
      return nil
    }
  }
}

import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation
import Testing

@Suite struct RoundTripTests {
  @Test(arguments: exampleMessages().map(\.name))
  func everyMessageRoundTrips(name: String) throws {
    let example = exampleMessages().first { $0.name == name }!
    let bytes = try wire(example.message, seq: example.seq)
    #expect(bytes.last == 0)
    #expect(!bytes.dropLast().contains(0))
    let decoded = frames(bytes)
    try #require(decoded.count == 1)
    #expect(decoded[0].seq == example.seq)
    #expect(decoded[0].type == example.message.type.rawValue)
    #expect(try Message.decode(decoded[0]) == example.message)
  }

  @Test func everyMessageTypeHasAnExample() {
    let covered = Set(exampleMessages().map(\.message.type.rawValue))
    for raw in 0...255 {
      if let type = MessageType(rawValue: UInt8(raw)) { #expect(covered.contains(type.rawValue), "\(type)") }
    }
  }

  @Test func randomTelemetryAndResultsRoundTrip() throws {
    var random = SplitMix64(seed: 3)
    for _ in 0..<2000 {
      let value = Int32(random.below(60_001)) - 30_000
      let telemetry = Telemetry(
        frame: UInt16(truncatingIfNeeded: random.next()), left: UInt16(random.below(1024)),
        right: UInt16(random.below(1024)), force: Int16(random.below(1024)),
        state: EngineState(rawValue: UInt8(random.below(5)))!,
        direction: random.below(2) == 0 ? .up : .down, value: value,
        positionMilli: value * 1000 + Int32(random.below(1001)) - 500)
      #expect(
        try Message.decode(frames(try wire(.telemetry(telemetry), seq: random.byte()))[0]) == .telemetry(telemetry))

      var events = EngineEvents()
      events.mask = UInt16(random.below(512))
      events.velocity = UInt8(random.below(128))
      events.direction = random.below(2) == 0 ? .up : .down
      events.boostOn = random.below(2) == 0
      events.value = Int32(truncatingIfNeeded: random.next())
      events.faults = randomFaults(&random)
      let rate = Int32(50 + random.below(951))
      let output = FrameOutput(
        force: Int16(random.below(1024)), state: EngineState(rawValue: UInt8(random.below(5)))!,
        direction: .down, value: value, fraction: Int32(random.below(Int(rate) * 1000)) - rate * 500,
        events: events, faults: random.below(2) == 0 ? nil : randomFaults(&random))
      let result = InjectResult(index: random.byte(), output: output, unitsPerItem: rate * 1000)
      #expect(try Message.decode(frames(try wire(.injectResult(result), seq: 9))[0]) == .injectResult(result))
      let report = EventReport(frame: 7, events: events)
      #expect(try Message.decode(frames(try wire(.event(report), seq: 9))[0]) == .event(report))
    }
  }

  /// The fuzzer's `injectResult` (Docs/fuzzing.md) whose event flags named faults that
  /// its direction byte, the frame's faults, did not: the frame's faults were taken
  /// from the flags, and encoding wrote them back in the direction byte.
  @Test func anInjectResultKeepsTheFaultsOfItsDirectionByte() throws {
    let bytes = try fuzzRegression("Protocol", "inject-result-faults-only-in-event-flags.bin")
    let frame = bytes[2...].withUnsafeBytes { DecodedFrame(type: bytes[0], seq: bytes[1], body: $0) }
    guard case .injectResult(let result) = try Message.decode(frame) else {
      Issue.record("not an injectResult")
      return
    }
    #expect(result.output.faults == CellFaults(packed: bytes[2 + 5] >> 2))
    #expect(try Message.decode(frames(try wire(.injectResult(result), seq: 1))[0]) == .injectResult(result))
  }

  @Test func everyParameterDescriptionRoundTrips() throws {
    for index in 0..<ParameterID.count {
      let id = ParameterID.at(index)!
      let description = ParamDescription(id, value: Parameters.defaults[id])
      #expect(description.name.equals(id.info.name))
      let decoded = try Message.decode(frames(try wire(.paramDescription(description), seq: 2))[0])
      #expect(decoded == .paramDescription(description))
    }
  }

  @Test func fullBatchRoundTrips() throws {
    var batch = ParamBatch()
    var index = 0
    while batch.append(ParamValue(id: UInt8(index % ParameterID.count), value: Int32(index) * -7)) { index += 1 }
    #expect(batch.count == ParamBatch.capacity)
    let bytes = try wire(.paramSetBatch(batch), seq: 1)
    #expect(try Message.decode(frames(bytes)[0]) == .paramSetBatch(batch))
  }

  @Test func fullInjectRoundTrips() throws {
    var inject = InjectRequest(endSession: true)
    var index = 0
    while inject.append(left: UInt16(index * 60), right: UInt16(1023 - index)) { index += 1 }
    #expect(inject.count == InjectRequest.capacity)
    #expect(try Message.decode(frames(try wire(.inject(inject), seq: 1))[0]) == .inject(inject))
  }
}

/// Each cell's fault drawn at random from every code.
func randomFaults(_ random: inout SplitMix64) -> CellFaults {
  CellFaults(
    left: CellFault(rawValue: UInt8(random.below(Int(CellFault.count))))!,
    right: CellFault(rawValue: UInt8(random.below(Int(CellFault.count))))!)
}

/// The bytes of a committed fuzzer finding, `Tests/Fuzzing/Regressions/TARGET/NAME`.
func fuzzRegression(_ target: String, _ name: String) throws -> [UInt8] {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzzing/Regressions/\(target)/\(name)")
  return [UInt8](try Data(contentsOf: url))
}

import ForceEngine
import ForceProtocol
import ForceTrace
import Testing

@Suite struct CostTests {
  /// Telemetry costs at most 20 bytes on the wire (COBS, CRC and delimiter included),
  /// whatever it carries.
  @Test func telemetryFitsIn20Bytes() throws {
    var random = SplitMix64(seed: 9)
    var sizes = Set<Int>()
    for _ in 0..<5000 {
      let value = Int32(random.below(60_001)) - 30_000
      let telemetry = Telemetry(
        frame: UInt16(truncatingIfNeeded: random.next()), left: UInt16(random.below(1024)),
        right: UInt16(random.below(1024)), force: Int16(random.below(1024)),
        state: EngineState(rawValue: UInt8(random.below(5)))!, direction: .down, value: value,
        positionMilli: value * 1000 + Int32(random.below(1001)) - 500)
      sizes.insert(try wire(.telemetry(telemetry), seq: random.byte()).count)
    }
    let zeros = Telemetry(
      frame: 0, left: 0, right: 0, force: 0, state: .idle, direction: .up, value: 0, positionMilli: 0)
    sizes.insert(try wire(.telemetry(zeros), seq: 0).count)
    print("telemetry wire bytes: \(sizes.sorted())")
    #expect(sizes.max()! <= 20)
    #expect(sizes == [19])
  }

  @Test func eventFrameSize() throws {
    let size = try wire(.event(EventReport(frame: 1, events: sampleEvents())), seq: 1).count
    print("event wire bytes: \(size)")
    #expect(size == 16)
  }

  /// Wire size of every example (printed for the report and Protocol.md).
  @Test func exampleSizes() throws {
    for example in exampleMessages() {
      let bytes = try wire(example.message, seq: example.seq)
      print("size \(example.name): \(bytes.count)")
      #expect(bytes.count <= FrameFormat.maxWireSize)
    }
  }
}

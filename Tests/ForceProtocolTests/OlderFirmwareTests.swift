import ForceEngine
import ForceProtocol
import Testing

/// Fields added to a reply later are read as 0 from firmware that does not send them.
@Suite struct OlderFirmwareTests {
  /// The example reply with its last `dropping` body bytes cut off, decoded.
  func decoded(_ name: String, dropping: Int) throws -> Message {
    let example = try #require(exampleMessages().first { $0.name == name })
    let bytes = try wire(example.message, seq: example.seq)
    let frame = try #require(frames(bytes).first)
    let body = Array(frame.body.dropLast(dropping))
    return try #require(frames(try wire(type: frame.type, seq: frame.seq, body: body)).first.map(Message.decode))
  }

  @Test func infoWithoutTheSupplyTheDutyOrTheStackReadsZero() throws {
    guard case .info(let current) = try decoded("info", dropping: 2) else { throw ProtocolError.badValue }
    #expect(current.cpuDuty == 37 && current.supplyMillivolts == 0 && !current.supplyIsLow)
    guard case .info(let info) = try decoded("info", dropping: 4) else { throw ProtocolError.badValue }
    #expect(info.stackHighWater == 612 && info.cpuDuty == 0)
    guard case .info(let older) = try decoded("info", dropping: 6) else { throw ProtocolError.badValue }
    #expect(older.stackHighWater == 0 && older.cpuDuty == 0 && older.board == ShortText("microbit-v1"))
  }

  @Test func benchResultWithoutTheDutyReadsZero() throws {
    guard case .benchResult(let result) = try decoded("benchResult-ended", dropping: 2) else {
      throw ProtocolError.badValue
    }
    #expect(
      result
        == BenchResult(frames: 5_120, ticks: 2_460_160, tickHz: 16_000_000, maxFrameTicks: 611, stackHighWater: 612))
  }
}

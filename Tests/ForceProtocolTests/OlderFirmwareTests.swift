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

  @Test func infoWithoutItsLaterFieldsReadsThemAsZero() throws {
    func info(_ name: String, dropping: Int) throws -> DeviceInfo {
      guard case .info(let info) = try decoded(name, dropping: dropping) else { throw ProtocolError.badValue }
      return info
    }
    let noRevision = try info("info-bootFaults", dropping: 2)
    #expect(noRevision.bootFaults == [.systemPLL, .usbPLL] && noRevision.chipRevision == 0)
    let noFaults = try info("info-bootFaults", dropping: 4)
    #expect(noFaults.cpuDuty == 14 && noFaults.bootFaults.isEmpty && noFaults.chipRevision == 0)
    let noSupply = try info("info", dropping: 6)
    #expect(noSupply.cpuDuty == 37 && noSupply.supplyMillivolts == 0 && !noSupply.supplyIsLow)
    let noDuty = try info("info", dropping: 8)
    #expect(noDuty.stackHighWater == 612 && noDuty.cpuDuty == 0)
    let oldest = try info("info", dropping: 10)
    #expect(oldest.stackHighWater == 0 && oldest.cpuDuty == 0 && oldest.board == ShortText("microbit-v1"))
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

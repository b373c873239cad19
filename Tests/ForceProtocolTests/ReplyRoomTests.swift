import ForceEngine
import ForceProtocol
import Testing

/// `MessageType.replyRoom`: the room the device keeps free for a reply holds the
/// longest one it can send.
@Suite struct ReplyRoomTests {
  /// The longest `info`: every field non-zero (COBS adds no more for zeros it
  /// does not meet) and a board name of `ShortText.capacity` bytes; plus the
  /// `benchResult` a `hello` may send first (26).
  @Test func helloHasRoomForTheLongestInfo() throws {
    let name = [UInt8](repeating: 0x78, count: ShortText.capacity)
    var info = DeviceInfo(
      firmwareMajor: 255, firmwareMinor: 255, firmwarePatch: 255, resetReason: 5, capabilities: [.adc, .flash],
      parameterSource: .flash, board: name.withUnsafeBytes { ShortText($0) },
      stackHighWater: 0xFFFF, cpuDuty: 10_000)
    info.supplyMillivolts = 0xFFFF
    info.bootFaults = BootFaults(rawValue: 0xFFFF)
    info.chipRevision = 0xFFFF
    let bench = BenchResult(
      frames: .max, ticks: .max, tickHz: .max, maxFrameTicks: .max, stackHighWater: .max, cpuDuty: .max)
    #expect(try wire(.benchResult(bench), seq: 0xFF).count == 26)
    let bytes = try wire(.info(info), seq: 0xFF)
    #expect(bytes.count + 26 == MessageType.hello.replyRoom(bodyLength: 0), "\(bytes.count)")
  }

  /// Every request can be answered `error` (14 bytes with every field non-zero), so
  /// every request's room holds one, whatever its body's length; and the room holds
  /// the longest success reply of each type with a fixed size.
  @Test func everyRequestHasRoomForAnErrorAndItsLongestSuccessReply() throws {
    let error = ErrorReply(code: .unsupported, requestType: 0xFF, parameter: 0xFE, detail: 0xFD, value: -1)
    let errorRoom = try wire(.error(error), seq: 0xFF).count
    #expect(errorRoom == MessageType.errorRoom)
    let longest: [MessageType: Int] = [
      .paramGet: try wire(.paramValue(ParamValue(id: 0xFF, value: -1)), seq: 0xFF).count,
      .paramSet: try wire(.paramValue(ParamValue(id: 0xFF, value: -1)), seq: 0xFF).count,
      .stats: try wire(.statsReport(LinkStats()), seq: 0xFF).count,
      .bench: try wire(
        .benchResult(
          BenchResult(
            frames: .max, ticks: .max, tickHz: .max, maxFrameTicks: .max, stackHighWater: .max, cpuDuty: .max)),
        seq: 0xFF
      ).count,
      .paramLoad: try wire(.paramLoaded(ParamLoaded(source: .flashOlderRecord)), seq: 0xFF).count,
    ]
    var short: [String] = []
    for raw in UInt8(0)..<0x80 {
      guard let type = MessageType(rawValue: raw) else { continue }
      for bodyLength in 0...FrameFormat.maxBodySize {
        let room = type.replyRoom(bodyLength: bodyLength)
        // At least an error and the longest success reply; at most the 1 KB transmit queue (else never served).
        if room < max(errorRoom, longest[type] ?? 0) || room > 1024 { short.append("\(type) \(bodyLength): \(room)") }
      }
    }
    #expect(short.isEmpty, "\(short.count) wrong, first \(short.prefix(3))")
    // `inject`: one result per sample, up to 16; a longer body gets `error`.
    #expect(MessageType.inject.replyRoom(bodyLength: 1 + 4 * 16) == 16 * 31)
    #expect(MessageType.inject.replyRoom(bodyLength: FrameFormat.maxBodySize) == 16 * 31)
  }
}

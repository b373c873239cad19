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
}

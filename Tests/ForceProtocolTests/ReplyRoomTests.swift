import ForceProtocol
import Testing

/// The room the device keeps for a reply is enough for the longest one it can send.
@Suite struct ReplyRoomTests {
  /// `hello`: the longest `info` (a 32-byte board name, every later field), after the
  /// `benchResult` of a bench the `hello` ends.
  @Test func theHandshakesRoomHoldsTheLongestInfoAfterABenchResult() throws {
    var info = DeviceInfo()
    info.board = ShortText("a board name of thirty-two bytes")
    info.bootFaults = [.crystal, .bringUpHang]
    info.chipRevision = 2
    let bench = BenchResult(frames: 1, ticks: 2, tickHz: 3, maxFrameTicks: 4, stackHighWater: 5, cpuDuty: 6)
    let needed = try wire(.info(info), seq: 1).count + wire(.benchResult(bench), seq: 1).count
    #expect(info.board.count == ShortText.capacity)
    #expect(MessageType.hello.replyRoom(bodyLength: 1) == needed)
  }
}

import ForceDevice
import ForceLink
import ForceProtocol
import Foundation
import Testing

/// Protocol.md, "Flash requests": a host sends nothing while `paramSave` or
/// `paramLoad` is outstanding, because the micro:bit's CPU stops for a page erase
/// (up to 22 ms) while its receive FIFO holds only 6 bytes. The device replies only
/// after the erase; `DeviceClient` waits for that reply without a word, even with a
/// silence limit that would have it probe a quiet streaming device meanwhile.
@Suite struct FlashRequestQuietTests {
  /// A device that stalls for `stall` of real time after a flash request, as the
  /// micro:bit does during its erase (longer here, to give the client time to
  /// misbehave), then replies. Bytes written during the stall are what the chip
  /// would have lost.
  final class StallingDevice: Transport {
    let portName = "stalling"
    let stall: Duration
    let reply: (UInt8) -> Message
    var stalledUntil: ContinuousClock.Instant?
    var pending: [UInt8] = []
    var lost: [UInt8] = []
    var decoder = FrameDecoder()

    init(stall: Duration, reply: @escaping (UInt8) -> Message) {
      self.stall = stall
      self.reply = reply
    }

    func write(_ bytes: [UInt8]) throws(LinkError) {
      if let until = stalledUntil, ContinuousClock.now < until {
        lost += bytes
        return
      }
      for byte in bytes {
        guard let frame = decoder.feed(byte) else { continue }
        stalledUntil = ContinuousClock.now + stall
        var buffer = [UInt8](repeating: 0, count: FrameFormat.maxWireSize)
        let message = reply(frame.seq)
        let count = (try? buffer.withUnsafeMutableBytes { try FrameEncoder.encode(message, seq: frame.seq, into: $0) })
        pending += buffer[0..<(count ?? 0)]
      }
    }

    func read(into buffer: inout [UInt8], timeout: Duration) throws(LinkError) -> Int {
      if let until = stalledUntil, ContinuousClock.now < until {
        let wait = min(timeout, until - ContinuousClock.now).components
        Thread.sleep(forTimeInterval: Double(wait.seconds) + Double(wait.attoseconds) / 1e18)
        return 0
      }
      let count = min(buffer.count, pending.count)
      buffer.replaceSubrange(0..<count, with: pending[0..<count])
      pending.removeFirst(count)
      return count
    }

    func close() {}
  }

  @Test(arguments: [MessageType.paramSave, .paramLoad])
  func theClientSendsNothingUntilTheFlashReply(type: MessageType) throws {
    let device = StallingDevice(stall: .milliseconds(700)) { _ in
      type == .paramSave ? .ack(Ack(.paramSave)) : .paramLoaded(ParamLoaded(source: .flash))
    }
    let client = DeviceClient(transport: device)
    // Short enough that a streaming wait would send `stats` probes after 300 ms.
    client.silenceLimit = .milliseconds(600)
    let reply = try client.request(type == .paramSave ? .paramSave : .paramLoad)
    #expect(reply.type != .error)
    #expect(device.lost.isEmpty, "sent during the flash stall: \(device.lost)")
  }
}

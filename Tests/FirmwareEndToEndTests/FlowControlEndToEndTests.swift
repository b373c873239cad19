import ForceDevice
import ForceEngine
import ForceProtocol
import Foundation
import Testing

/// Pipelined requests: every one gets its reply or `busy`, and the link counters
/// account for every byte both ways.
@Suite(.serialized) struct FlowControlEndToEndTests {
  @Test(arguments: FirmwareEndToEndTests.kinds)
  func tenThousandPipelinedRequestsAreAllAnswered(kind: DeviceUnderTest.Kind) throws {
    let device = try DeviceUnderTest(kind)
    let client = try device.connect()
    defer { client.close() }
    let before = try statsReport(client)
    let wire = WireSession(client)
    // A mix of short and long replies: gets (11 bytes), describes (up to 90), sets.
    func request(_ index: Int) -> Message {
      switch index % 4 {
      case 0, 1: return .paramGet(id: UInt8(index % ParameterID.count))
      case 2: return .paramDescribe(id: UInt8(index % ParameterID.count))
      default: return .paramSet(ParamValue(.rangeMax, Int32(50 + index % 40)))
      }
    }
    let total = 10_000
    var replies: [(seq: UInt8, message: Message, wire: Int)] = []
    var next = 0
    let start = ContinuousClock.now
    while replies.count < total && ContinuousClock.now - start < .seconds(120) {
      if next < total {  // write ahead in chunks of 200, reading in between
        var chunk: [UInt8] = []
        for index in next..<min(next + 200, total) {
          chunk += try WireSession.bytes(request(index), seq: UInt8(truncatingIfNeeded: index))
        }
        try wire.write(chunk)
        next = min(next + 200, total)
      }
      replies += try wire.receive(for: .milliseconds(next < total ? 5 : 500)) { _ in false }
    }
    try #require(replies.count == total, "\(kind): \(replies.count) replies to \(total) requests")
    var busy = 0
    for (index, reply) in replies.enumerated() {
      #expect(reply.seq == UInt8(truncatingIfNeeded: index), "\(kind): reply \(index) out of order")
      if case .error(let error) = reply.message {
        #expect(error.code == .busy, "\(kind): request \(index): \(error)")
        busy += 1
      } else {
        #expect(reply.message.type == request(index).type.successReply, "\(kind): request \(index)")
      }
    }
    let after = try statsReport(client)
    let statsRequestBytes = try WireSession.bytes(.stats, seq: 0).count
    print("\(kind): \(total) pipelined requests, \(busy) busy, \(wire.sentBytes) bytes in, \(wire.receivedBytes) out")
    #expect(after.rxBytes &- before.rxBytes == UInt32(wire.sentBytes + statsRequestBytes))
    #expect(after.rxFrames &- before.rxFrames == UInt32(total + 1))
    #expect(after.rxCRCErrors == 0 && after.rxOverruns == 0 && after.rxMalformed == 0 && after.rxTooShort == 0)
    #expect(after.busy &- before.busy == UInt32(busy))
    #expect(after.dropped == 0 && after.uartErrors == 0)
    let beforeReportBytes = try WireSession.bytes(.statsReport(LinkStats()), seq: 0).count  // the first statsReport
    #expect(after.txBytes &- before.txBytes == UInt32(wire.receivedBytes + beforeReportBytes))
  }

  func statsReport(_ client: DeviceClient) throws -> LinkStats {
    guard case .statsReport(let stats) = try client.request(.stats) else { throw DeviceError.unexpected("stats") }
    return stats
  }
}

import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTestSupport
import Foundation
import Testing

/// Streaming: refused without a sensor, and without unexplained gaps around injection.
@Suite(.serialized) struct StreamingEndToEndTests {
  @Test(arguments: FirmwareEndToEndTests.kinds)
  func streamStartWithoutASensorIsRefusedSayingSo(kind: DeviceUnderTest.Kind) throws {
    let device = try DeviceUnderTest(kind)  // neither QEMU nor SITL without --trace has an ADC
    let client = try device.connect()
    defer { client.close() }
    let result = Result { try client.request(.streamStart(StreamStart(decimation: 1, events: true))) }
    guard case .failure(let error) = result, let error = error as? DeviceError, case .rejected(let reply) = error else {
      Issue.record("\(kind): streamStart without a sensor: \(result)")
      return
    }
    #expect(reply == ErrorReply(code: .unsupported, requestType: 0x09, detail: Capabilities.adc.rawValue))
    #expect(error.description.contains("no force sensor"))
    #expect(try client.takeStreamed(waiting: .milliseconds(300)).isEmpty)
  }

  /// 20 injection sessions while streaming at 1000 Hz (SITL playing a trace as its
  /// ADC): the sequence numbers have no gap, and the frame number advances by one per
  /// ADC frame except where the device counted dropped telemetry.
  @Test(DeviceUnderTest.needs(.sitl)) func injectionSessionsLeaveNoUnexplainedGaps() throws {
    let trace = TestScratch.file("trace.csv")
    var text = "left,right\n"
    for index in 0..<400 { text += "\(index % 200 < 100 ? 0 : 300),\(index % 200 < 100 ? 0 : 280)\n" }
    try text.write(to: trace, atomically: true, encoding: .utf8)
    let device = try DeviceUnderTest(.sitl, trace: trace)
    let client = try device.connect()
    defer { client.close() }
    #expect(client.info?.capabilities.contains(.adc) == true)
    _ = try client.request(.paramSet(ParamValue(.sampleRateHz, 1000)))
    // streamStart goes through the raw session too: the client would keep a telemetry
    // frame that arrives with the ack in its own buffer, without its sequence number.
    let wire = WireSession(client)
    try wire.send(.streamStart(StreamStart(decimation: 1, events: false)), seq: 0x7F)
    var received: [(seq: UInt8, message: Message, wire: Int)] = []
    for session in 0..<20 {
      received += try wire.receive(for: .milliseconds(30))
      var request = InjectRequest(resetFirst: true, endSession: true)
      for sample in 0..<16 { request.append(left: UInt16(sample * 20), right: UInt16(sample * 18)) }
      let seq = UInt8(0x80 + session)
      try wire.send(.inject(request), seq: seq)
      received += try wire.receive(for: .seconds(2)) {
        $0.filter { $0.seq == seq && $0.message.type == .injectResult }.count == 16
      }
    }
    received += try wire.receive(for: .milliseconds(50))
    _ = try client.request(.streamStop)
    let streamed = received.compactMap { item -> (seq: UInt8, frame: UInt16)? in
      guard case .telemetry(let t) = item.message else { return nil }
      return (item.seq, t.frame)
    }
    try #require(streamed.count > 200, "only \(streamed.count) telemetry frames")
    #expect(streamed.first?.seq == 0)  // the first unsolicited frame after streamStart
    guard case .statsReport(let stats) = try client.request(.stats) else { throw DeviceError.unexpected("stats") }
    var seqGaps = 0
    var frameJumps = 0
    for (a, b) in zip(streamed, streamed.dropFirst()) {
      if b.seq != a.seq &+ 1 { seqGaps += 1 }
      frameJumps += Int(b.frame &- a.frame) - 1
    }
    print(
      "20 inject sessions at 1000 Hz: \(streamed.count) telemetry frames, seq gaps \(seqGaps), frame jumps \(frameJumps), dropped \(stats.streamDropped)"
    )
    #expect(seqGaps == 0)
    #expect(frameJumps == Int(stats.streamDropped))
  }
}

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

  /// Requests of every kind, success and error replies mixed, written far ahead of a
  /// host that reads slowly: every request gets exactly one reply (in order, with its
  /// `seq`, its success reply or an `error` naming it, `busy` allowed), or is counted
  /// in `stats.dropped`. None is lost without a trace.
  ///
  /// On every link the requests arrive faster than their replies drain, so the
  /// transmit queue stays full and some requests must get `busy` or be dropped (before
  /// the reply room covered the 14-byte `error`, 17 of 3 000 requests on the Pico's
  /// USB got no reply and were not counted). The Pico's USB port drains at its packet
  /// rate; its UART in the emulator, at 115 200 baud in emulated time (the harness's
  /// `UARTLine`); SITL's UART, at 115 200 baud (`forcepicker-sitl --baud`), both ways;
  /// QEMU's, which has no baud rate, at the pace of a host that writes and reads at
  /// 115 200 baud's, its UART on a Unix socket whose small buffers hold it back
  /// (`QEMUUnixSerial`: over loopback TCP the kernel's buffers of megabytes took
  /// every reply, and the queue never filled).
  @Test(arguments: FirmwareEndToEndTests.kinds)
  func mixedRequestsWithTheTransmitQueueHeldFullAreAnsweredOrCounted(kind: DeviceUnderTest.Kind) throws {
    // SITL's UART at the micro:bit's 115 200 baud; QEMU's on a socket whose small
    // buffers hold its UART back, read at that pace (QEMUUnixSerial).
    var sitl: DeviceUnderTest?
    var qemu: QEMUUnixSerial?
    let client: DeviceClient
    switch kind {
    case .sitl:
      sitl = try DeviceUnderTest(kind, sitlOptions: ["--baud", "115200"])
      client = try sitl!.connect()
    case .qemu:
      qemu = try QEMUUnixSerial()
      client = try qemu!.connect()
    }
    defer {
      client.close()
      sitl?.stop()
      qemu = nil
    }
    try checkMixedRequestsWithTheTransmitQueueHeldFull(
      client, label: "\(kind)", total: 6_000, fills: true, lineRate: kind == .qemu ? 11_520 : nil)
  }

  @Test(.enabled(if: PicoEmulator.available || DeviceUnderTest.inCI))
  func mixedRequestsWithTheTransmitQueueHeldFullAreAnsweredOrCountedOnThePicoUART() throws {
    let pico = try PicoEmulator(serial: .uart)
    let client = try pico.connect()
    defer { client.close() }
    try checkMixedRequestsWithTheTransmitQueueHeldFull(client, label: "pico-uart", total: 3_000, fills: true)
  }

  @Test(.enabled(if: PicoEmulator.usbAvailable || DeviceUnderTest.inCI))
  func mixedRequestsWithTheTransmitQueueHeldFullAreAnsweredOrCountedOnThePicoUSB() throws {
    let pico = try PicoEmulator(serial: .usb)
    let client = try pico.connect()
    defer { client.close() }
    // USB drains 64-byte packets as fast as the host takes them: the host stops reading
    // (as cdc_acm does when the tty's buffer is full) until the device has taken every
    // request.
    try checkMixedRequestsWithTheTransmitQueueHeldFull(client, label: "pico-usb", total: 3_000, fills: true) {
      reads throws in
      guard reads else { return _ = try pico.command("throttle on") }
      let deadline = Date().addingTimeInterval(120)
      while try pico.usbState()["waiting_to_device"] as? Int != 0 && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.1)
      }
      _ = try pico.command("throttle off")
    }
  }

  /// One request of the mix: its type and body as sent, and the error it must get
  /// (nil: its success reply).
  struct MixedRequest {
    let type: UInt8
    let body: [UInt8]
    let error: ErrorCode?
  }

  /// Every other request a `paramDescribe` (replies of up to 90 bytes, which fill the
  /// queue); between them, in turn, every kind of request, answered with success or
  /// with an error. None changes the parameters: the sets that succeed write a
  /// default over itself, and the device is fresh for each test.
  static func mixedRequest(_ index: Int) -> MixedRequest {
    func value(_ value: Int32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    let id = UInt8(index / 2 % ParameterID.count)
    if index % 2 == 0 { return MixedRequest(type: 0x02, body: [id], error: nil) }
    let rangeMax = ParameterID.rangeMax
    switch index / 2 % 16 {
    case 0: return MixedRequest(type: 0x03, body: [0xEE], error: .unknownParameter)  // paramGet, unknown id
    case 1: return MixedRequest(type: 0x04, body: [0] + value(5), error: .outOfRange)  // sample_rate_hz 5
    case 2: return MixedRequest(type: 0x04, body: [0xEE] + value(1), error: .unknownParameter)
    case 3: return MixedRequest(type: 0x03, body: [id], error: nil)
    case 4: return MixedRequest(type: 0x04, body: [rangeMax.rawValue] + value(Parameters()[rangeMax]), error: nil)
    case 5: return MixedRequest(type: 0x0B, body: [0x04, 0, 0, 0, 0], error: .outOfRange)  // reserved flag bit
    case 6: return MixedRequest(type: 0x0B, body: [0x00, 0, 0], error: .badLength)  // half a sample
    case 7: return MixedRequest(type: 0x0D, body: [], error: nil)  // stats
    case 8: return MixedRequest(type: 0x42, body: [], error: .unknownType)
    case 9: return MixedRequest(type: 0x02, body: [0xEE], error: .unknownParameter)  // paramDescribe, unknown id
    case 10: return MixedRequest(type: 0x03, body: [], error: .badLength)
    case 11: return MixedRequest(type: 0x0A, body: [], error: nil)  // streamStop: ack
    case 12: return MixedRequest(type: 0x09, body: [], error: .badLength)  // streamStart without its fields
    case 13: return MixedRequest(type: 0x0C, body: value(0), error: .outOfRange)  // bench of 0 frames
    case 14: return MixedRequest(type: 0x01, body: [FrameFormat.protocolVersion], error: nil)  // hello: info
    default: return MixedRequest(type: 0x0B, body: [0x03, 0, 0, 0, 0], error: nil)  // one sample, reset, end
    }
  }

  /// `fills`: whether the link drains slowly enough for the transmit queue to fill
  /// (then some requests must have got `busy` or been dropped).
  ///
  /// `lineRate` (bytes a second): the host writes and reads no faster than that, as
  /// over a serial line of that rate (QEMU, whose UART has none). `hostReads`, when
  /// given, is told false before the first request is written and true after the last.
  func checkMixedRequestsWithTheTransmitQueueHeldFull(
    _ client: DeviceClient, label: String, total: Int, fills: Bool, lineRate: Int? = nil,
    hostReads: ((Bool) throws -> Void)? = nil
  ) throws {
    let before = try statsReport(client)
    let wire = WireSession(client)
    var replies: [(seq: UInt8, message: Message, wire: Int)] = []
    var next = 0
    let start = ContinuousClock.now
    let firstByte = wire.receivedBytes
    /// At most `bytes`, and no more than the read rate allows by now.
    func allowance(_ bytes: Int) -> Int {
      guard let lineRate else { return bytes }
      let elapsed = (ContinuousClock.now - start) / .milliseconds(1)
      return max(0, min(bytes, Int(elapsed * Double(lineRate) / 1000) - (wire.receivedBytes - firstByte)))
    }
    func readSlowly(_ bytes: Int, within timeout: Duration) throws -> [(seq: UInt8, message: Message, wire: Int)] {
      let allowed = allowance(bytes)
      guard allowed > 0 else {
        Thread.sleep(forTimeInterval: 0.001)
        return []
      }
      return try wire.receive(atMost: allowed, within: timeout)
    }
    // Write 200 requests (replies of about 6 KB) for every 256 bytes read, then read the rest.
    try hostReads?(false)
    while next < total && ContinuousClock.now - start < .seconds(240) {
      var chunk: [UInt8] = []
      for index in next..<min(next + 200, total) {
        let request = Self.mixedRequest(index)
        chunk += try WireSession.bytes(type: request.type, seq: UInt8(truncatingIfNeeded: index), body: request.body)
      }
      if let lineRate {  // the line has carried the chunk before the next one starts
        Thread.sleep(forTimeInterval: Double(chunk.count) / Double(lineRate))
      }
      try wire.write(chunk)
      next = min(next + 200, total)
      replies += try readSlowly(256, within: .milliseconds(1))
    }
    try hostReads?(true)
    var quietSince = ContinuousClock.now
    while ContinuousClock.now - start < .seconds(300) && ContinuousClock.now - quietSince < .seconds(1) {
      let more = lineRate == nil ? try wire.receive(for: .seconds(1)) : try readSlowly(4_096, within: .milliseconds(20))
      if lineRate == nil && more.isEmpty { break }
      if !more.isEmpty || allowance(1) == 0 { quietSince = ContinuousClock.now }
      replies += more
    }
    replies.removeAll { $0.message.type == .telemetry || $0.message.type == .event }
    // Match the replies to the requests in order; a request skipped got no reply.
    var unanswered: [Int] = []
    var busy = 0
    var index = 0
    for reply in replies {
      func matches(_ index: Int) -> Bool {
        let request = Self.mixedRequest(index)
        guard reply.seq == UInt8(truncatingIfNeeded: index) else { return false }
        if case .error(let error) = reply.message { return error.requestType == request.type }
        return reply.message.type == MessageType(rawValue: request.type)?.successReply
      }
      while index < total && !matches(index) {
        unanswered.append(index)
        index += 1
      }
      guard index < total else {
        Issue.record("\(label): a reply that answers no request: seq \(reply.seq), \(reply.message)")
        break
      }
      let request = Self.mixedRequest(index)
      if case .error(let error) = reply.message {
        if error.code == .busy {
          busy += 1
        } else {
          #expect(error.code == request.error, "\(label): request \(index) (\(request)): \(error)")
        }
      } else {
        #expect(request.error == nil, "\(label): request \(index) (\(request)) succeeded: \(reply.message)")
      }
      index += 1
    }
    unanswered += index..<total
    let after = try statsReport(client)
    let dropped = Int(after.dropped &- before.dropped)
    print(
      "\(label): \(total) mixed requests, \(replies.count) replies (\(busy) busy), \(unanswered.count) unanswered,"
        + " \(dropped) counted as dropped; \(wire.sentBytes) bytes in, \(wire.receivedBytes) out")
    // The link lost nothing: every request arrived whole (and `stats` too).
    #expect(after.rxFrames &- before.rxFrames == UInt32(total + 1), "\(label)")
    #expect(after.rxCRCErrors == 0 && after.uartErrors == 0 && after.rxOverruns == 0, "\(label)")
    #expect(Int(after.busy &- before.busy) == busy, "\(label)")
    if fills { #expect(busy + dropped > 0, "\(label): the transmit queue was never full") }
    // Each request answered or counted: replies + dropped == requests.
    #expect(
      unanswered.count == dropped,
      "\(label): unanswered and not counted: \(unanswered.prefix(20).map { Self.mixedRequest($0).type })")
    #expect(replies.count + dropped == total, "\(label)")
  }

  func statsReport(_ client: DeviceClient) throws -> LinkStats {
    guard case .statsReport(let stats) = try client.request(.stats) else { throw DeviceError.unexpected("stats") }
    return stats
  }
}

import ForceDevice
import ForceEngine
import ForceHostCore
import ForceLink
import ForceProtocol
import ForceTestSupport
import Testing

/// Protocol.md, "Sequencing and timing", as one set of rules (`RequestExchange`,
/// `SilenceWatch`, `UnsolicitedSequence`) that forcectl's `DeviceClient` and the page
/// (through the wasm module; Tests/WebTests/session.test.mjs) both run.
@Suite struct RequestRulesTests {
  @Test func timeoutsAreTheDocumentedOnes() {
    #expect(RequestExchange.timeoutMs(for: .paramGet) == 500)
    #expect(RequestExchange.timeoutMs(for: .hello) == 500)
    #expect(RequestExchange.timeoutMs(for: .paramSave) == 1000)
    #expect(RequestExchange.timeoutMs(for: .paramLoad) == 1000)
    #expect(RequestExchange.timeoutMs(for: .bench, benchFrames: 10_000) == 11_000)
    #expect(RequestExchange.timeoutMs(for: .bench, benchFrames: .max) == 1000 + Int(BenchRequest.maxFrames))
  }

  @Test func sequenceNumbersSkipZeroWhichStreamsStartWith() {
    var seq: UInt8 = 0
    var seen: Set<UInt8> = []
    for _ in 0..<600 {
      seq = RequestExchange.seq(after: seq)
      seen.insert(seq)
    }
    #expect(!seen.contains(0) && seen.count == 255)
    #expect(RequestExchange.seq(after: 255) == 1)
  }

  @Test func aReplyIsTheSameSeqAndTheSuccessTypeOrError() {
    let exchange = RequestExchange(request: .paramGet, seq: 7)
    #expect(exchange.isReply(type: MessageType.paramValue.rawValue, seq: 7))
    #expect(exchange.isReply(type: MessageType.error.rawValue, seq: 7))
    #expect(!exchange.isReply(type: MessageType.paramValue.rawValue, seq: 8))
    #expect(!exchange.isReply(type: MessageType.ack.rawValue, seq: 7))
    #expect(!exchange.isReply(type: MessageType.telemetry.rawValue, seq: 7))
  }

  @Test func idempotentRequestsGetThreeAttemptsBenchAndInjectOne() {
    var get = RequestExchange(request: .paramGet, seq: 1)
    #expect(get.timedOut() == .resend && get.timedOut() == .resend && get.timedOut() == .noReply)
    for request in [MessageType.bench, .inject, .bootsel] {
      var once = RequestExchange(request: request, seq: 1)
      #expect(once.timedOut() == .noReply)
    }
  }

  @Test func busyIsRepeatedUpToItsLimitThenStands() {
    var exchange = RequestExchange(request: .paramSet, seq: 3)
    #expect(exchange.timedOut() == .resend)
    for _ in 0..<RequestExchange.busyRepeats {
      #expect(exchange.replied(busy: true) == .repeatAfterBusy)
      #expect(exchange.attempt == 1, "a busy reply is an answer: the attempts start again")
    }
    #expect(exchange.replied(busy: true) == .answered)
    var other = RequestExchange(request: .paramSet, seq: 3)
    #expect(other.replied(busy: false) == .answered)
  }

  @Test func flashRequestsAllowNoProbes() {
    #expect(!RequestExchange(request: .paramSave, seq: 1).allowsProbes)
    #expect(!RequestExchange(request: .paramLoad, seq: 1).allowsProbes)
    #expect(RequestExchange(request: .bench, seq: 1).allowsProbes)
  }

  @Test func aQuietDeviceIsProbedAfterASecondAndSilentAfterTheLimit() {
    var watch = SilenceWatch(nowMs: 0)
    var actions: [(Int64, SilenceWatch.Action)] = []
    for now in stride(from: Int64(0), through: 2600, by: 100) {
      let action = watch.check(atMs: now)
      if action != .wait { actions.append((now, action)) }
    }
    #expect(actions.map(\.0) == [1000, 1500, 2000, 2500, 2600])
    #expect(actions[0].1 == .probe(delimiterFirst: false))
    #expect(actions[1].1 == .probe(delimiterFirst: true) && actions[2].1 == .probe(delimiterFirst: true))
    #expect(actions[3].1 == .silent(quietMs: 2500))
    watch.heard(atMs: 2600)
    #expect(watch.check(atMs: 3500) == .wait && watch.check(atMs: 3600) == .probe(delimiterFirst: false))
    var flash = SilenceWatch(nowMs: 0)
    #expect(flash.check(atMs: 1200, mayProbe: false) == .wait)
    #expect(flash.check(atMs: 2500, mayProbe: false) == .silent(quietMs: 2500))
    var short = SilenceWatch(nowMs: 0)
    #expect(short.check(atMs: 300, limitMs: 600) == .probe(delimiterFirst: false), "half the limit when shorter")
  }

  @Test func unsolicitedGapsAreFramesLost() {
    var sequence = UnsolicitedSequence()
    #expect(sequence.observe(40) == 0, "before a restart the first frame sets the count")
    #expect(sequence.observe(41) == 0 && sequence.observe(44) == 2)
    sequence.restart()
    #expect(sequence.observe(0) == 0 && sequence.observe(255) == 254)
    #expect(sequence.observe(0) == 0)
    #expect(sequence.lost == 256 && sequence.gaps == 2)
  }

  // MARK: DeviceClient runs the same rules

  /// A device that answers `paramGet` with `answers`, one per request frame, in order
  /// (nil: no reply), and records each frame's seq.
  final class ScriptedDevice {
    var answers: [Message?]
    var seqs: [UInt8] = []
    var types: [UInt8] = []
    let transport = FakeTransport(portName: "scripted")

    init(_ script: [Message?]) {
      answers = script
      transport.respond = { [unowned self] bytes in
        var decoder = FrameDecoder()
        var steps: [FakeTransport.Step] = []
        for byte in bytes {
          guard let frame = decoder.feed(byte) else { continue }
          seqs.append(frame.seq)
          types.append(frame.type)
          guard !self.answers.isEmpty, let answer = self.answers.removeFirst() else { continue }
          steps.append(.bytes((try? DeviceClientTests.wire(answer, seq: frame.seq)) ?? []))
        }
        return steps
      }
    }
  }

  static let value = Message.paramValue(ParamValue(id: 4, value: 250))
  static let busy = Message.error(ErrorReply(code: .busy, requestType: MessageType.paramGet.rawValue))

  @Test func aLostReplyIsAskedForAgainWithTheSameSeqAfterADelimiter() throws {
    let device = ScriptedDevice([nil, nil, Self.value])
    let client = DeviceClient(transport: device.transport)
    let reply = try client.request(.paramGet(id: 4))
    #expect(reply == Self.value)
    #expect(device.seqs.count == 3 && Set(device.seqs).count == 1)
    #expect(device.transport.writes.filter { $0 == [FrameFormat.delimiter] }.count == 2)
  }

  @Test func aBusyDeviceIsAskedAgainAndAnotherTypeIsNotTheReply() throws {
    let ack = Message.ack(Ack(.paramGet))
    let device = ScriptedDevice([Self.busy, Self.busy, ack, Self.value])
    let client = DeviceClient(transport: device.transport)
    // The ack (wrong type, same seq) is not the reply: the third attempt waits it out.
    let reply = try client.request(.paramGet(id: 4))
    #expect(reply == Self.value)
    #expect(device.seqs.count == 4 && Set(device.seqs).count == 1)
  }

  @Test func aSilentBenchIsNotRepeated() {
    let device = ScriptedDevice([nil, Self.value])
    let client = DeviceClient(transport: device.transport)
    #expect(throws: DeviceError.self) { try client.request(.bench(BenchRequest(frames: 10))) }
    #expect(device.types.filter { $0 == MessageType.bench.rawValue }.count == 1)
  }

  @Test func errorRepliesReadAsForcectlAndThePageShowThem() {
    let rule = ErrorReply(code: .outOfRange, requestType: 4, parameter: 4, detail: 2, value: 20)
    #expect(
      DeviceError.describe(rule)
        == "rejected by the device: rest_threshold = 20 breaks the rule contact_threshold < rest_threshold - hysteresis"
    )
    let range = ErrorReply(code: .outOfRange, requestType: 4, parameter: 6, detail: 0, value: 500)
    #expect(DeviceError.describe(range) == "rejected by the device: hysteresis = 500 is outside 0...100")
    #expect(
      DeviceError.describe(ErrorReply(code: .unknownType, requestType: 0x3e))
        == "the device does not know request type 0x3e")
    #expect(
      DeviceError.describe(ErrorReply(code: .unknownType, requestType: 9))
        == "the device does not know request type 0x9")
    #expect(
      DeviceError.noReply(request: "paramGet", timeoutMs: 500).description.hasPrefix(
        "no reply to paramGet within 500 ms: "))
    #expect(
      DeviceError.silent(port: "tcp://x:1", quietMs: 2549).description.hasPrefix(
        "tcp://x:1 went silent: nothing for 2.5 s "))
  }
}

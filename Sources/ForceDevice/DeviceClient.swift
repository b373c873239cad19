import ForceEngine
import ForceHostCore
import ForceLink
import ForceProtocol
import ForceTrace
import Foundation

/// The host end of the wire protocol: one request outstanding at a time, replies
/// matched by sequence number, telemetry and events collected on the side.
public final class DeviceClient {

  /// The byte stream.
  public let transport: Transport
  /// The handshake, once `connect` succeeded.
  public private(set) var info: DeviceInfo?
  /// Telemetry and events received while waiting for replies, oldest first.
  public private(set) var streamed: [Message] = []
  /// Decoder counters (CRC errors, resyncs).
  public var statistics: DecoderStatistics { decoder.statistics }
  /// Frames with a good CRC whose body did not decode as a message, skipped.
  public private(set) var undecodable = 0

  private var decoder = FrameDecoder()
  private var sequence: UInt8 = 0
  private var readBuffer = [UInt8](repeating: 0, count: 4096)
  /// Every byte read, counted, and the first few kept for messages.
  private var received = ReceivedBytes()
  /// Frames the decoder delimited (valid or not as messages).
  private var framesReceived = 0
  private var pendingFrames: [DecodedFrame] = []
  /// The client's clock: `silence` counts in ms from here.
  private let started = ContinuousClock.now
  /// When the device last sent a byte, and when to probe it (`SilenceWatch`).
  private var silence = SilenceWatch(nowMs: 0)

  /// How long a device may send nothing while telemetry streams or a long request
  /// (`bench`) runs before it counts as silent; nil (the default) waits as long as
  /// the caller does. After a second of quiet the client asks for `stats` every half
  /// second: any reply (even `busy`) shows the device is still there.
  public var silenceLimit: Duration?

  /// The silence limit the command-line tools use: a device that sends nothing for
  /// this long, and answers none of the `stats` requests sent meanwhile, has stopped.
  public static let defaultSilenceLimit: Duration = .milliseconds(SilenceWatch.defaultLimitMs)

  /// A client on an open transport.
  public init(transport: Transport) {
    self.transport = transport
  }

  /// Opens `port` (a serial device or tcp://HOST:PORT) and shakes hands.
  public static func connect(
    to port: String, baud: Int = 115_200, timeout: Duration = .seconds(2)
  ) throws(DeviceError) -> DeviceClient {
    let transport: Transport
    do {
      transport = try PortAddress(parsing: port).open(baudRate: baud)
    } catch {
      throw .link(error)
    }
    let client = DeviceClient(transport: transport)
    do {
      try client.handshake(timeout: timeout)
    } catch {
      transport.close()
      throw error
    }
    return client
  }

  /// Sends hello (again every 500 ms until `timeout`, which bounds the whole wait) and
  /// checks compatibility. Bytes that never formed a frame are reported as such.
  @discardableResult
  public func handshake(timeout: Duration = .seconds(2)) throws(DeviceError) -> DeviceInfo {
    let deadline = ContinuousClock.now + timeout
    var sent = false
    while ContinuousClock.now < deadline {
      if sent { try writeBytes([FrameFormat.delimiter]) }
      let exchange = RequestExchange(request: .hello, seq: nextSequence())
      try send(.hello(Hello()), seq: exchange.seq)
      sent = true
      let reply: Message
      do {
        reply = try awaitReply(
          exchange, timeout: min(.milliseconds(exchange.timeoutMs), deadline - ContinuousClock.now))
      } catch .noReply {
        continue
      }
      if case .error(let error) = reply { throw .rejected(error) }
      guard case .info(let info) = reply else { throw .unexpected("\(reply.type) to hello") }
      guard info.protocolVersion == FrameFormat.protocolVersion else {
        throw .incompatible(
          "it speaks protocol version \(info.protocolVersion), this forcectl speaks \(FrameFormat.protocolVersion); update the firmware (`forcectl flash`) or forcectl"
        )
      }
      self.info = info
      return info
    }
    if received.count > 0 && framesReceived == 0 {
      throw .notFrames(port: transport.portName, count: received.count, first: received.first)
    }
    throw .noHandshake(port: transport.portName, timeoutMs: DeviceClient.milliseconds(timeout))
  }

  /// True when the device's parameter schema is the one this build knows.
  public var schemaMatches: Bool {
    info.map { $0.layoutVersion == Parameters.layoutVersion && $0.schemaHash == Parameters.schemaHash } ?? false
  }

  /// Sends `message` and returns its reply. An error reply throws `.rejected`.
  ///
  /// By Protocol.md's rules, which `RequestExchange` holds: the timeout is 500 ms (1 s
  /// for flash, 1 s + 1 ms a frame for bench unless given); an idempotent request is
  /// repeated with the same `seq` after a lone `00`, 3 attempts in all; `bench` and
  /// `inject` are never repeated on a timeout. A `busy` reply is repeated after 100 ms,
  /// at most `RequestExchange.busyRepeats` times.
  public func request(_ message: Message, timeout: Duration? = nil) throws(DeviceError) -> Message {
    var benchFrames: UInt32 = 0
    if case .bench(let bench) = message { benchFrames = bench.frames }
    var exchange = RequestExchange(request: message.type, seq: nextSequence(), benchFrames: benchFrames)
    let wait = timeout ?? .milliseconds(exchange.timeoutMs)
    try send(message, seq: exchange.seq)
    while true {
      let reply: Message
      do throws(DeviceError) {
        // Only a bench is watched for silence (with `stats` probes): while a flash
        // request is outstanding the host sends nothing (Protocol.md, Flash requests).
        reply = try awaitReply(exchange, timeout: wait, watching: message.isBench)
      } catch .noReply(let what, let ms) {
        guard exchange.timedOut() == .resend else { throw .noReply(request: what, timeoutMs: ms) }
        try writeBytes([FrameFormat.delimiter])
        try send(message, seq: exchange.seq)
        continue
      }
      guard case .error(let error) = reply else { return reply }
      guard exchange.replied(busy: error.code == .busy) == .repeatAfterBusy else { throw .rejected(error) }
      Thread.sleep(forTimeInterval: Double(RequestExchange.busyDelayMs) / 1000)
      try send(message, seq: exchange.seq)
    }
  }

  /// Runs raw samples through the device's engine, 16 a request; one result (the
  /// engine's output and the unit of its fraction) each. `reset` starts from a fresh
  /// engine; `endSession` ends the injection session with the last request (pass false
  /// while more frames follow, for streaming).
  public func inject(_ frames: [RawFrame], reset: Bool = true, endSession: Bool = true) throws(DeviceError)
    -> [InjectResult]
  {
    var outputs: [InjectResult] = []
    outputs.reserveCapacity(frames.count)
    var start = 0
    while start < frames.count || (start == 0 && frames.isEmpty) {
      let end = min(start + InjectRequest.capacity, frames.count)
      var request = InjectRequest(resetFirst: reset && start == 0, endSession: endSession && end == frames.count)
      for frame in frames[start..<end] { request.append(left: frame.left, right: frame.right) }
      if frames.isEmpty { break }
      let exchange = RequestExchange(request: .inject, seq: nextSequence())
      try send(.inject(request), seq: exchange.seq)
      for _ in start..<end {
        let reply = try awaitReply(exchange, timeout: .seconds(2))
        switch reply {
        case .injectResult(let result): outputs.append(result)
        case .error(let error): throw .rejected(error)
        default: throw .unexpected("\(reply.type) to inject")
        }
      }
      start = end
    }
    return outputs
  }

  /// Waits up to `timeout` for streamed messages and returns those received so far.
  /// With a `silenceLimit`, throws `.silent` when the device has stopped sending.
  public func takeStreamed(waiting timeout: Duration) throws(DeviceError) -> [Message] {
    if streamed.isEmpty { try pump(until: ContinuousClock.now + timeout) { !self.streamed.isEmpty } }
    defer { streamed.removeAll() }
    return streamed
  }

  static func milliseconds(_ duration: Duration) -> Int {
    Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
  }

  /// Closes the transport.
  public func close() { transport.close() }

  // MARK: Internals

  private func nextSequence() -> UInt8 {
    sequence = RequestExchange.seq(after: sequence)
    return sequence
  }

  /// Milliseconds since the client was made, the clock of `silence`.
  private var nowMs: Int64 { Int64(DeviceClient.milliseconds(ContinuousClock.now - started)) }

  private func send(_ message: Message, seq: UInt8) throws(DeviceError) {
    var buffer = [UInt8](repeating: 0, count: FrameFormat.maxWireSize)
    let count: Int
    do {
      count = try buffer.withUnsafeMutableBytes { (raw) throws(ProtocolError) -> Int in
        try FrameEncoder.encode(message, seq: seq, into: raw)
      }
    } catch {
      throw .unexpected("cannot encode \(message.type): \(error)")
    }
    try writeBytes(Array(buffer[0..<count]))
    silence.heard(atMs: nowMs)
  }

  /// With a `silenceLimit`: asks for `stats` after a second of quiet (again every half
  /// second, after a lone `00`) and throws `.silent` once nothing arrived for the limit
  /// (`SilenceWatch`). The replies are not awaited: any byte from the device resets the quiet.
  private func checkSilence() throws(DeviceError) {
    guard let limit = silenceLimit else { return }
    switch silence.check(atMs: nowMs, limitMs: Int64(DeviceClient.milliseconds(limit))) {
    case .wait: break
    case .silent(let quiet): throw .silent(port: transport.portName, quietMs: Int(quiet))
    case .probe(let delimiterFirst):
      let watch = silence
      if delimiterFirst { try writeBytes([FrameFormat.delimiter]) }
      try send(.stats, seq: nextSequence())
      silence = watch  // a probe is not a sign of life
    }
  }

  private func writeBytes(_ bytes: [UInt8]) throws(DeviceError) {
    do {
      try transport.write(bytes)
    } catch {
      throw .link(error)
    }
  }

  /// Waits up to `timeout` for `exchange`'s reply; frames that are not it are kept
  /// (telemetry, events) or dropped (replies to older requests).
  private func awaitReply(_ exchange: RequestExchange, timeout: Duration, watching: Bool = false) throws(DeviceError)
    -> Message
  {
    let deadline = ContinuousClock.now + timeout
    while true {
      while !pendingFrames.isEmpty {
        let frame = pendingFrames.removeFirst()
        let message: Message
        do {
          message = try Message.decode(frame)
        } catch {
          undecodable += 1
          continue  // a damaged body: ignore, the sender times out or retries
        }
        switch message {
        case .telemetry, .event: streamed.append(message)
        default:
          if exchange.isReply(type: frame.type, seq: frame.seq) { return message }
        }
      }
      guard ContinuousClock.now < deadline else {
        throw .noReply(request: "\(exchange.request)", timeoutMs: DeviceClient.milliseconds(timeout))
      }
      if watching { try checkSilence() }
      try readSome(until: deadline)
    }
  }

  private func pump(until deadline: ContinuousClock.Instant, done: () -> Bool) throws(DeviceError) {
    while !done() && ContinuousClock.now < deadline {
      try checkSilence()
      try readSome(until: deadline)
      while !pendingFrames.isEmpty {
        let frame = pendingFrames.removeFirst()
        if let message = try? Message.decode(frame) {
          switch message {
          case .telemetry, .event: streamed.append(message)
          default: break
          }
        } else {
          undecodable += 1
        }
      }
    }
  }

  private func readSome(until deadline: ContinuousClock.Instant) throws(DeviceError) {
    let remaining = deadline - ContinuousClock.now
    guard remaining > .zero else { return }
    let count: Int
    do {
      count = try transport.read(into: &readBuffer, timeout: min(remaining, .milliseconds(50)))
    } catch {
      throw .link(error)
    }
    received.observe(readBuffer[0..<count])
    if count > 0 { silence.heard(atMs: nowMs) }
    for index in 0..<count {
      if let frame = decoder.feed(readBuffer[index]) {
        pendingFrames.append(frame)
        framesReceived += 1
      }
    }
  }
}

extension Message {
  /// True for `bench`, the one request whose reply may take minutes.
  fileprivate var isBench: Bool {
    if case .bench = self { return true }
    return false
  }
}

import ForceProtocol

/// One request's conversation with a device, by the rules of Protocol.md ("Sequencing
/// and timing"): how long to wait, which frame is its reply, when to send it again and
/// when to give up. forcectl's `DeviceClient` and the page's session (through the wasm
/// module) both run it; each keeps only its clock and its link.
public struct RequestExchange: Sendable {
  /// The wait for an ordinary reply, in ms.
  public static let replyTimeoutMs = 500
  /// The wait for `paramSave` and `paramLoad`, which reply after the flash work.
  public static let flashTimeoutMs = 1000
  /// Attempts of a request that gets no reply, the first included.
  public static let timeoutAttempts = 3
  /// The wait before a request answered `busy` is sent again, in ms.
  public static let busyDelayMs = 100
  /// How often a request answered `busy` is sent again before the `busy` stands.
  public static let busyRepeats = 50

  /// What the host does after a timeout or a reply.
  public enum Next: Equatable, Sendable {
    /// Send a lone `00`, then the request again with the same `seq`, and wait again.
    case resend
    /// Wait `busyDelayMs`, then send the request again with the same `seq`.
    case repeatAfterBusy
    /// The reply stands: the success reply, or an `error` that is final.
    case answered
    /// No attempt got a reply: the device is not answering.
    case noReply
  }

  /// The request's type.
  public let request: MessageType
  /// The sequence number every attempt carries.
  public let seq: UInt8
  /// How long to wait for the reply to one attempt, in ms.
  public let timeoutMs: Int
  /// The attempt outstanding, from 1.
  public private(set) var attempt = 1
  /// `busy` replies so far.
  public private(set) var busyReplies = 0

  /// A request of type `request` sent with `seq`; `benchFrames` is a `bench`'s frame
  /// count, which lengthens its wait.
  public init(request: MessageType, seq: UInt8, benchFrames: UInt32 = 0) {
    self.request = request
    self.seq = seq
    timeoutMs = RequestExchange.timeoutMs(for: request, benchFrames: benchFrames)
  }

  /// 500 ms; 1 s for the flash requests; 1 s + 1 ms a frame for `bench`.
  public static func timeoutMs(for request: MessageType, benchFrames: UInt32 = 0) -> Int {
    switch request {
    case .paramSave, .paramLoad: return flashTimeoutMs
    case .bench: return 1000 + Int(min(benchFrames, BenchRequest.maxFrames))
    default: return replyTimeoutMs
    }
  }

  /// The `seq` after `seq`: 1 to 255, wrapping past 0, which the device's streamed
  /// frames carry at the start of a stream.
  public static func seq(after seq: UInt8) -> UInt8 { seq == 255 ? 1 : seq &+ 1 }

  /// Attempts after timeouts: `inject`, `bench` and `bootsel` are never repeated (they
  /// are not idempotent, may take minutes, or leave no device to answer a repeat),
  /// every other request up to `timeoutAttempts`.
  public var attempts: Int {
    switch request {
    case .inject, .bench, .bootsel: return 1
    default: return RequestExchange.timeoutAttempts
    }
  }

  /// Whether the host may send anything else (a `stats` probe, a lone `00`) while
  /// this request is outstanding: not while a flash request is (the micro:bit's CPU
  /// stops during an erase while its UART keeps receiving).
  public var allowsProbes: Bool { request != .paramSave && request != .paramLoad }

  /// Whether a frame of `type` with `seq` is this request's reply: the same `seq`,
  /// and the request's success reply or `error`.
  public func isReply(type: UInt8, seq: UInt8) -> Bool {
    seq == self.seq && (type == MessageType.error.rawValue || type == request.successReply?.rawValue)
  }

  /// The wait for the reply ran out.
  public mutating func timedOut() -> Next {
    guard attempt < attempts else { return .noReply }
    attempt &+= 1
    return .resend
  }

  /// The reply came: `busy` is the `error` code `busy`.
  public mutating func replied(busy: Bool) -> Next {
    guard busy, busyReplies < RequestExchange.busyRepeats else { return .answered }
    busyReplies &+= 1
    attempt = 1
    return .repeatAfterBusy
  }

  /// Writes "no reply to NAME within N ms: …" for a request whose attempts all timed out.
  public static func writeNoReply<Sink: TextSink>(
    request name: UnsafeRawBufferPointer, timeoutMs: Int, to sink: inout Sink
  ) {
    sink.write("no reply to ")
    sink.write(bytes: name)
    sink.write(" within ")
    sink.write(timeoutMs)
    sink.write(" ms: the device stopped answering (unplugged or reset?)")
  }
}

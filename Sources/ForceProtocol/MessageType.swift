/// The type byte of every frame (Protocol.md, "Messages").
///
/// Requests (host → device) are below 0x80; replies and unsolicited device frames
/// are 0x80 and above. Every request gets exactly one reply with the same `seq`
/// (an injection gets one per sample), either its `successReply` or `error`.
public enum MessageType: UInt8, Sendable {
  /// Handshake request.
  case hello = 0x01
  /// Describe one parameter (name, value, range, default, unit).
  case paramDescribe = 0x02
  /// Read one parameter.
  case paramGet = 0x03
  /// Write one parameter (validated on the device).
  case paramSet = 0x04
  /// Write several parameters, all or nothing.
  case paramSetBatch = 0x05
  /// Save the current parameters to flash.
  case paramSave = 0x06
  /// Load the parameters saved in flash.
  case paramLoad = 0x07
  /// Restore the factory defaults (flash is not touched).
  case paramDefaults = 0x08
  /// Start telemetry and/or event frames.
  case streamStart = 0x09
  /// Stop telemetry and event frames.
  case streamStop = 0x0A
  /// Run host-supplied samples through the engine in place of the ADC.
  case inject = 0x0B
  /// Run the engine benchmark.
  case bench = 0x0C
  /// Read the link counters.
  case stats = 0x0D
  /// Reboot into the chip's USB bootloader (the RP2040 boot ROM's BOOTSEL mode).
  case bootsel = 0x0E

  /// Handshake reply.
  case info = 0x81
  /// Reply to `paramDescribe`.
  case paramDescription = 0x82
  /// Reply to `paramGet` and `paramSet`: the value now in effect.
  case paramValue = 0x83
  /// Reply to requests that return nothing else.
  case ack = 0x84
  /// Reply to `inject`, one per sample.
  case injectResult = 0x85
  /// Reply to `bench`.
  case benchResult = 0x86
  /// Reply to a successful `paramLoad`: which record was loaded.
  case paramLoaded = 0x87
  /// Reply to `stats`: the link counters.
  case statsReport = 0x88
  /// Unsolicited: one engine frame (decimated).
  case telemetry = 0xA0
  /// Unsolicited: the events of one engine frame.
  case event = 0xA1
  /// Reply to any request that failed, or whose type is unknown.
  case error = 0xFF

  /// Whether the host sends this type.
  public var isRequest: Bool { rawValue < 0x80 }

  /// The reply a successful request of this type gets (nil for non-requests).
  public var successReply: MessageType? {
    switch self {
    case .hello: return .info
    case .paramDescribe: return .paramDescription
    case .paramGet, .paramSet: return .paramValue
    case .paramSetBatch, .paramSave, .paramDefaults, .streamStart, .streamStop, .bootsel:
      return .ack
    case .paramLoad: return .paramLoaded
    case .stats: return .statsReport
    case .inject: return .injectResult
    case .bench: return .benchResult
    default: return nil
    }
  }

  /// Bytes of an `error` frame on the wire: every request can be answered with one.
  @inline(__always)
  public static var errorRoom: Int { ErrorReply.longestWireSize }

  /// Transmit room (bytes on the wire) the longest reply to a request of this type
  /// with a body of `bodyLength` bytes can take, its success reply or `error`,
  /// whichever is longer, each at its longest (`longestWireSize`, from the reply's
  /// fields): the device answers a request only when that much is free. `inject`
  /// answers one `injectResult` per sample (at most 16: a longer body is refused with
  /// `error`); `hello` may first end a bench run with its `benchResult`.
  public func replyRoom(bodyLength: Int) -> Int {
    switch self {
    case .hello: return DeviceInfo.longestWireSize &+ BenchResult.longestWireSize
    case .paramDescribe: return ParamDescription.longestWireSize
    case .inject:  // no overflow check: a 64-bit multiply on the M0
      return InjectResult.longestWireSize &* min(InjectRequest.capacity, max(1, (bodyLength &- 1) / 4))
    case .bench: return BenchResult.longestWireSize
    case .stats: return LinkStats.longestWireSize
    default: return MessageType.errorRoom  // paramValue (11), ack (7), paramLoaded (7) or any error (14)
    }
  }
}

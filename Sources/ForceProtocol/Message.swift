import ForceEngine

/// Every message of the protocol, decoded. `type` gives its type byte; the sequence
/// number travels beside it (`DecodedFrame.seq`, `FrameEncoder.encode(_:seq:into:)`).
public enum Message: Equatable, Sendable {
  /// 0x01 request: open a session.
  case hello(Hello)
  /// 0x02 request: describe parameter `id`.
  case paramDescribe(id: UInt8)
  /// 0x03 request: read parameter `id`.
  case paramGet(id: UInt8)
  /// 0x04 request: write one parameter.
  case paramSet(ParamValue)
  /// 0x05 request: write several parameters, all or nothing.
  case paramSetBatch(ParamBatch)
  /// 0x06 request: save the parameters to flash.
  case paramSave
  /// 0x07 request: load the parameters from flash.
  case paramLoad
  /// 0x08 request: restore factory defaults.
  case paramDefaults
  /// 0x09 request: start streaming.
  case streamStart(StreamStart)
  /// 0x0A request: stop streaming.
  case streamStop
  /// 0x0B request: inject samples.
  case inject(InjectRequest)
  /// 0x0C request: run the benchmark.
  case bench(BenchRequest)
  /// 0x0D request: read the link counters.
  case stats
  /// 0x0E request: reboot into the USB bootloader (BOOTSEL).
  case bootsel
  /// 0x81 reply to `hello`.
  case info(DeviceInfo)
  /// 0x82 reply to `paramDescribe`.
  case paramDescription(ParamDescription)
  /// 0x83 reply to `paramGet` / `paramSet`.
  case paramValue(ParamValue)
  /// 0x84 reply: done.
  case ack(Ack)
  /// 0x85 reply to `inject`, one per sample.
  case injectResult(InjectResult)
  /// 0x86 reply to `bench`.
  case benchResult(BenchResult)
  /// 0x87 reply to `paramLoad`.
  case paramLoaded(ParamLoaded)
  /// 0x88 reply to `stats`.
  case statsReport(LinkStats)
  /// 0xA0 unsolicited telemetry.
  case telemetry(Telemetry)
  /// 0xA1 unsolicited events.
  case event(EventReport)
  /// 0xFF error reply.
  case error(ErrorReply)

  /// The type byte.
  public var type: MessageType {
    switch self {
    case .hello: return .hello
    case .paramDescribe: return .paramDescribe
    case .paramGet: return .paramGet
    case .paramSet: return .paramSet
    case .paramSetBatch: return .paramSetBatch
    case .paramSave: return .paramSave
    case .paramLoad: return .paramLoad
    case .paramDefaults: return .paramDefaults
    case .streamStart: return .streamStart
    case .streamStop: return .streamStop
    case .inject: return .inject
    case .bench: return .bench
    case .stats: return .stats
    case .bootsel: return .bootsel
    case .info: return .info
    case .paramDescription: return .paramDescription
    case .paramValue: return .paramValue
    case .ack: return .ack
    case .injectResult: return .injectResult
    case .benchResult: return .benchResult
    case .paramLoaded: return .paramLoaded
    case .statsReport: return .statsReport
    case .telemetry: return .telemetry
    case .event: return .event
    case .error: return .error
    }
  }

  /// Writes the body (not type, seq or CRC).
  public func encodeBody<W: ByteSink>(into writer: inout W) throws(ProtocolError) {
    switch self {
    case .hello(let m): try m.encode(into: &writer)
    case .paramDescribe(let id), .paramGet(let id): try writer.u8(id)
    case .paramSet(let m), .paramValue(let m): try m.encode(into: &writer)
    case .paramSetBatch(let m): try m.encode(into: &writer)
    case .paramSave, .paramLoad, .paramDefaults, .streamStop, .stats, .bootsel: break
    case .streamStart(let m): try m.encode(into: &writer)
    case .inject(let m): try m.encode(into: &writer)
    case .bench(let m): try m.encode(into: &writer)
    case .info(let m): try m.encode(into: &writer)
    case .paramDescription(let m): try m.encode(into: &writer)
    case .ack(let m): try m.encode(into: &writer)
    case .injectResult(let m): try m.encode(into: &writer)
    case .benchResult(let m): try m.encode(into: &writer)
    case .paramLoaded(let m): try m.encode(into: &writer)
    case .statsReport(let m): try m.encode(into: &writer)
    case .telemetry(let m): try m.encode(into: &writer)
    case .event(let m): try m.encode(into: &writer)
    case .error(let m): try m.encode(into: &writer)
    }
  }

  /// Decodes a body of type `type`. Lengths are exact: a short or long body throws
  /// `badLength`; ids in requests must be known parameters (`unknownParameter`).
  public static func decode(type rawType: UInt8, body: UnsafeRawBufferPointer) throws(ProtocolError) -> Message {
    guard let type = MessageType(rawValue: rawType) else { throw .unknownType(rawType) }
    let request = RequestBody(body)
    var reader = ByteReader(body)
    let message: Message
    switch type {
    case .hello: return .hello(try request.hello())
    case .paramDescribe: return .paramDescribe(id: try request.parameter().rawValue)
    case .paramGet: return .paramGet(id: try request.parameter().rawValue)
    case .paramSet: return .paramSet(try request.paramSet())
    case .paramSetBatch: return .paramSetBatch(try ParamBatch(checking: request))
    case .paramSave: message = .paramSave
    case .paramLoad: message = .paramLoad
    case .paramDefaults: message = .paramDefaults
    case .streamStop: message = .streamStop
    case .stats: message = .stats
    case .bootsel: message = .bootsel
    case .streamStart: return .streamStart(try request.streamStart())
    case .inject: return .inject(try InjectRequest(checking: request))
    case .bench: return .bench(try request.bench())
    case .info: message = .info(try DeviceInfo(from: &reader))
    case .paramDescription: message = .paramDescription(try ParamDescription(from: &reader))
    case .paramValue: message = .paramValue(try ParamValue(from: &reader))
    case .ack: message = .ack(try Ack(from: &reader))
    case .injectResult: message = .injectResult(try InjectResult(from: &reader))
    case .benchResult: message = .benchResult(try BenchResult(from: &reader))
    case .paramLoaded: message = .paramLoaded(try ParamLoaded(from: &reader))
    case .statsReport: message = .statsReport(try LinkStats(from: &reader))
    case .telemetry: message = .telemetry(try Telemetry(from: &reader))
    case .event: message = .event(try EventReport(from: &reader))
    case .error: message = .error(try ErrorReply(from: &reader))
    }
    try reader.finish()
    return message
  }

  /// Decodes a received frame.
  public static func decode(_ frame: DecodedFrame) throws(ProtocolError) -> Message {
    try frame.withBody { (body) throws(ProtocolError) -> Message in
      try decode(type: frame.type, body: body)
    }
  }

  /// Decodes a frame received by the device: like `decode(_:)`, but a type that is
  /// not a request throws `unknownType` too. On error, reply with
  /// `ErrorReply(rejecting: frame, because: error)`.
  public static func decodeRequest(_ frame: DecodedFrame) throws(ProtocolError) -> Message {
    guard let type = MessageType(rawValue: frame.type), type.isRequest else {
      throw .unknownType(frame.type)
    }
    return try decode(frame)
  }
}

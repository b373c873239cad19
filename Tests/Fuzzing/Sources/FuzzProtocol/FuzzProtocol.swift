import ForceEngine
import ForceProtocol
import FuzzSupport

/// The protocol decoders on arbitrary bytes. The input is fed twice:
///
/// - as a byte stream to `FrameDecoder` the way both ends read the link: the host
///   (`feed`, then `Message.decode`, as `DeviceClient` does) and the device (`receive`,
///   then the body read in place with `RequestBody`, as `FirmwareApp.serve` does);
/// - as one frame already past the CRC (first byte the type, second the sequence
///   number, the rest the body), so random bodies reach every message decoder.
///
/// Host and device must agree (same message, or the same `ProtocolError`), the
/// decoder's counters must account for every frame, and a decoded message must
/// encode and decode back to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProtocol(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Fuzz.bytes(data, size)
  var host = FrameDecoder()
  var device = FrameDecoder()
  var delivered = 0
  for byte in bytes {
    let frame = host.feed(byte)
    let completed = device.receive(byte)
    Fuzz.expect((frame != nil) == completed, "feed and receive disagree")
    guard let frame else { continue }
    delivered += 1
    Fuzz.expect(frame.type == device.frameType && frame.seq == device.frameSeq, "type or seq differ")
    Fuzz.expect(frame.bodyCount == device.frameBodyCount, "body lengths differ")
    Fuzz.expect(frame.bodyCount <= FrameFormat.maxBodySize, "body of \(frame.bodyCount) bytes")
    let body = device.frameBody()
    frame.withBody { Fuzz.expect(Array($0) == Array(body), "bodies differ") }
    check(frame, deviceBody: RequestBody(body))
  }
  let counts = host.statistics
  Fuzz.expect(counts == device.statistics, "the two decoders count differently")
  Fuzz.expect(Int(counts.frames) == delivered, "\(counts.frames) frames counted, \(delivered) delivered")

  if bytes.count >= 2 {
    let frame = bytes[2...].withUnsafeBytes { DecodedFrame(type: bytes[0], seq: bytes[1], body: $0) }
    let body = Array(bytes[2...].prefix(FrameFormat.maxBodySize))
    body.withUnsafeBytes { check(frame, deviceBody: RequestBody($0)) }
  }
  return 0
}

/// Decodes `frame` as the host and, for a request type, as the device; checks they
/// agree and that a decoded message survives encoding.
func check(_ frame: DecodedFrame, deviceBody: RequestBody) {
  let hostResult = Result { () throws(ProtocolError) in try Message.decode(frame) }
  let requestResult = Result { () throws(ProtocolError) in try Message.decodeRequest(frame) }
  if let type = MessageType(rawValue: frame.type), type.isRequest {
    Fuzz.expect(requestResult == hostResult, "decodeRequest and decode differ on a request")
    let deviceResult = Result { () throws(ProtocolError) in try deviceDecode(type, deviceBody) }
    switch (hostResult, deviceResult) {
    case (.success(let message), .success(let decoded)):
      Fuzz.expect(message == decoded, "host \(message), device \(decoded)")
    case (.failure(let hostError), .failure(let deviceError)):
      Fuzz.expect(hostError == deviceError, "host \(hostError), device \(deviceError)")
      _ = ErrorReply(rejecting: frame, because: hostError)
    default:
      fatalError("host \(hostResult), device \(deviceResult)")
    }
  } else if case .failure(let error) = requestResult {
    Fuzz.expect(error == .unknownType(frame.type), "a reply type rejected by the device with \(error)")
  }
  guard case .success(let message) = hostResult else { return }
  var wire = [UInt8](repeating: 0, count: 2 * FrameFormat.maxFrameSize)
  let count: Int
  do {
    count = try wire.withUnsafeMutableBytes { (out) throws(ProtocolError) in
      try FrameEncoder.encode(message, seq: frame.seq, into: out)
    }
  } catch {
    fatalError("\(message) decodes but does not encode: \(error)")
  }
  var decoder = FrameDecoder()
  var again: [DecodedFrame] = []
  for byte in wire[..<count] { if let frame = decoder.feed(byte) { again.append(frame) } }
  Fuzz.expect(again.count == 1, "the re-encoded frame decodes as \(again.count) frames")
  Fuzz.expect((try? Message.decode(again[0])) == message, "\(message) does not survive encoding")
}

/// The request as the device reads it in place (`FirmwareApp.serve`), as a `Message`.
func deviceDecode(_ type: MessageType, _ body: RequestBody) throws(ProtocolError) -> Message {
  switch type {
  case .hello: return .hello(try body.hello())
  case .paramDescribe: return .paramDescribe(id: try body.parameter().rawValue)
  case .paramGet: return .paramGet(id: try body.parameter().rawValue)
  case .paramSet: return .paramSet(try body.paramSet())
  case .paramSetBatch:
    try body.checkBatch()
    var batch = ParamBatch()
    for (id, value) in body.batchPairs {
      Fuzz.expect(batch.append(ParamValue(id, value)), "a checked batch overflows ParamBatch")
    }
    return .paramSetBatch(batch)
  case .paramSave, .paramLoad, .paramDefaults, .streamStop, .stats, .bootsel:
    try body.empty()
    return try Message.decode(type: type.rawValue, body: body.bytes)
  case .streamStart: return .streamStart(try body.streamStart())
  case .inject:
    let (flags, count) = try body.checkInject()
    var request = InjectRequest(resetFirst: flags & 1 != 0, endSession: flags & 2 != 0)
    for index in 0..<count {
      let sample = body.sample(index)
      Fuzz.expect(request.append(left: sample.left, right: sample.right), "a checked injection overflows")
    }
    return .inject(request)
  case .bench: return .bench(try body.bench())
  default: throw .unknownType(type.rawValue)
  }
}

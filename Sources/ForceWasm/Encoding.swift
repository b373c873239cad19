import ForceEngine
import ForceProtocol

// Sending: JavaScript writes a message's fields (layout in MessageFields.swift) and
// calls `fp_encode(type, seq)`; the complete wire frame, COBS and delimiter
// included, is then at `fp_output()`. The result is its length, or a negative
// ProtocolError code (see `errorCode`) when the fields do not make a valid message.

/// Encodes the message of type `type` from the fields; returns the wire length.
@_expose(wasm, "fp_encode")
@_cdecl("fp_encode")
public func fpEncode(_ type: Int32, _ seq: Int32) -> Int32 {
  do throws(ProtocolError) {
    let message = try readMessage(type: UInt8(truncatingIfNeeded: type))
    let count = try FrameEncoder.encode(message, seq: UInt8(truncatingIfNeeded: seq), into: Area.output)
    return Int32(count)
  } catch {
    return -errorCode(error)
  }
}

/// The protocol version this module speaks (the `hello` a host sends, the `info` a
/// device of the same sources answers).
@_expose(wasm, "fp_protocol_version")
@_cdecl("fp_protocol_version")
public func fpProtocolVersion() -> Int32 { Int32(FrameFormat.protocolVersion) }

/// Encodes a frame of any type from the first `bodyLength` bytes of the text area.
@_expose(wasm, "fp_encode_raw")
@_cdecl("fp_encode_raw")
public func fpEncodeRaw(_ type: Int32, _ seq: Int32, _ bodyLength: Int32) -> Int32 {
  let length = Int(max(0, min(bodyLength, Int32(FrameFormat.maxBodySize))))
  let body = UnsafeRawBufferPointer(rebasing: Area.text[0..<length])
  do throws(ProtocolError) {
    return Int32(
      try FrameEncoder.encode(
        type: UInt8(truncatingIfNeeded: type), seq: UInt8(truncatingIfNeeded: seq), body: body,
        into: Area.output))
  } catch {
    return -errorCode(error)
  }
}

/// The address of the encoded frame.
@_expose(wasm, "fp_output")
@_cdecl("fp_output")
public func fpOutput() -> UInt32 { UInt32(UInt(bitPattern: Area.output.baseAddress!)) }

func u8(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: field(index)) }
func u16(_ index: Int) -> UInt16 { UInt16(truncatingIfNeeded: field(index)) }
func u32(_ index: Int) -> UInt32 { UInt32(bitPattern: field(index)) }

/// The message of type `type` built from the fields.
func readMessage(type raw: UInt8) throws(ProtocolError) -> Message {
  guard let type = MessageType(rawValue: raw) else { throw .unknownType(raw) }
  switch type {
  case .hello: return .hello(Hello(protocolVersion: u8(0)))
  case .paramDescribe: return .paramDescribe(id: u8(0))
  case .paramGet: return .paramGet(id: u8(0))
  case .paramSet: return .paramSet(ParamValue(id: u8(0), value: field(1)))
  case .paramValue: return .paramValue(ParamValue(id: u8(0), value: field(1)))
  case .paramSetBatch: return .paramSetBatch(try readBatch())
  case .paramSave: return .paramSave
  case .paramLoad: return .paramLoad
  case .paramDefaults: return .paramDefaults
  case .streamStop: return .streamStop
  case .streamStart: return .streamStart(StreamStart(decimation: u16(0), events: field(1) != 0))
  case .inject: return .inject(try readInject())
  case .bench: return .bench(BenchRequest(frames: u32(0)))
  case .stats: return .stats
  case .info: return .info(try readInfo())
  case .paramDescription: return .paramDescription(try readDescription())
  case .ack: return .ack(Ack(requestType: u8(0)))
  case .injectResult: return .injectResult(InjectResult(index: u8(0), output: try readOutput(from: 1)))
  case .benchResult:
    return .benchResult(
      BenchResult(
        frames: u32(0), ticks: u32(1), tickHz: u32(2), maxFrameTicks: u32(3), stackHighWater: u16(4),
        cpuDuty: u16(5)))
  case .paramLoaded: return .paramLoaded(try readLoaded())
  case .statsReport: return .statsReport(readStats())
  case .telemetry: return .telemetry(try readTelemetry())
  case .event: return .event(EventReport(frame: u16(0), events: try readEvents(from: 1)))
  case .error: return .error(try readError())
  }
}

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

/// The message of type `type` built from the fields.
func readMessage(type raw: UInt8) throws(ProtocolError) -> Message {
  guard let type = MessageType(rawValue: raw) else { throw .unknownType(raw) }
  switch type {
  case .hello: return .hello(try readRow())
  case .paramDescribe: return .paramDescribe(id: u8(0))
  case .paramGet: return .paramGet(id: u8(0))
  case .paramSet: return .paramSet(try readRow())
  case .paramValue: return .paramValue(try readRow())
  case .paramSetBatch: return .paramSetBatch(try readBatch())
  case .paramSave: return .paramSave
  case .paramLoad: return .paramLoad
  case .paramDefaults: return .paramDefaults
  case .streamStop: return .streamStop
  case .streamStart: return .streamStart(try readRow())
  case .inject: return .inject(try readInject())
  case .bench: return .bench(try readRow())
  case .stats: return .stats
  case .bootsel: return .bootsel
  case .info: return .info(try readRow())
  case .paramDescription: return .paramDescription(try readRow())
  case .ack: return .ack(try readRow())
  case .injectResult: return .injectResult(try readRow())
  case .benchResult: return .benchResult(try readRow())
  case .paramLoaded: return .paramLoaded(try readRow())
  case .statsReport: return .statsReport(try readRow())
  case .telemetry: return .telemetry(try readRow())
  case .event: return .event(try readRow())
  case .error: return .error(try readRow())
  }
}

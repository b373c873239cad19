import ForceEngine
import ForceProtocol

// Every message as a row of Int32 fields, in the order its declaration visits them
// (`ProtocolFields.fields`, in the message's own file in ForceProtocol); `fp_layout`
// names them for Web/js/wire.js. Two rows are lists instead:
//
//   paramSetBatch    count, id0, value0, id1, value1, …
//   inject           resetFirst, endSession, count, left0, right0, …

/// Writes `message`'s fields (and texts) for JavaScript.
func writeFields(_ message: Message) {
  switch message {
  case .hello(let m): putRow(m)
  case .paramDescribe(let id), .paramGet(let id): putRow(ParameterRequestRow(id: id))
  case .paramSet(let m), .paramValue(let m): putRow(m)
  case .paramSetBatch(let m):
    var out = FieldWriter()
    out.put(Int32(m.count))
    for index in 0..<m.count {
      out.put(m[index].id)
      out.put(m[index].value)
    }
  case .paramSave, .paramLoad, .paramDefaults, .streamStop, .stats, .bootsel: break
  case .streamStart(let m): putRow(m)
  case .inject(let m):
    var out = FieldWriter()
    out.put(m.resetFirst)
    out.put(m.endSession)
    out.put(Int32(m.count))
    for index in 0..<m.count {
      out.put(m[index].left)
      out.put(m[index].right)
    }
  case .bench(let m): putRow(m)
  case .info(let m): putRow(m)
  case .paramDescription(let m): putRow(m)
  case .ack(let m): putRow(m)
  case .injectResult(let m): putRow(m)
  case .benchResult(let m): putRow(m)
  case .paramLoaded(let m): putRow(m)
  case .statsReport(let m): putRow(m)
  case .telemetry(let m): putRow(m)
  case .event(let m): putRow(m)
  case .error(let m): putRow(m)
  }
}

/// Writes the names and kinds of the fields of message type `type` to the document
/// area (`RowNames`; `info`'s are longer than the 256-byte text area); returns their
/// length (0 for a list or an empty body), or -1 for an unknown type.
@_expose(wasm, "fp_layout")
@_cdecl("fp_layout")
public func fpLayout(_ type: Int32) -> Int32 {
  guard let type = MessageType(rawValue: UInt8(truncatingIfNeeded: type)) else { return -1 }
  switch type {
  case .hello: return nameRow(Hello.self)
  case .paramDescribe, .paramGet: return nameRow(ParameterRequestRow.self)
  case .paramSet, .paramValue: return nameRow(ParamValue.self)
  case .paramSetBatch, .inject, .paramSave, .paramLoad, .paramDefaults, .streamStop, .stats, .bootsel: return 0
  case .streamStart: return nameRow(StreamStart.self)
  case .bench: return nameRow(BenchRequest.self)
  case .info: return nameRow(DeviceInfo.self)
  case .paramDescription: return nameRow(ParamDescription.self)
  case .ack: return nameRow(Ack.self)
  case .injectResult: return nameRow(InjectResult.self)
  case .benchResult: return nameRow(BenchResult.self)
  case .paramLoaded: return nameRow(ParamLoaded.self)
  case .statsReport: return nameRow(LinkStats.self)
  case .telemetry: return nameRow(Telemetry.self)
  case .event: return nameRow(EventReport.self)
  case .error: return nameRow(ErrorReply.self)
  }
}

/// `paramDescribe` and `paramGet`: the parameter id.
struct ParameterRequestRow: ProtocolFields {
  var id: UInt8 = 0

  mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) { try v.u8(&id, "id", "") }
}

import ForceEngine
import ForceHostCore
import ForceProtocol

// The page's CSV texts, written by ForceHostCore's `CSVText` as `forcectl` writes
// them: JavaScript writes a message's fields (its `fp_layout` row) and asks for the
// text, which lands in the document area.

/// Writes the record CSV's header (no newline) to the document area; returns its length.
@_expose(wasm, "fp_record_header")
@_cdecl("fp_record_header")
public func fpRecordHeader() -> Int32 {
  var text = DocumentWriter()
  text.write(CSVText.recordHeader)
  return Int32(text.count)
}

/// Writes the record CSV row (no newline) of the `telemetry` in the fields to the
/// document area; returns its length, or -1 when the fields are no telemetry.
@_expose(wasm, "fp_record_row")
@_cdecl("fp_record_row")
public func fpRecordRow() -> Int32 {
  guard let telemetry: Telemetry = try? readRow() else { return -1 }
  var text = DocumentWriter()
  CSVText.writeRecordRow(telemetry, to: &text)
  return Int32(text.count)
}

/// Writes the event tokens ("touch-down:87;value:3", "fault:right-railed") of the
/// message of type `type` in the fields, an `event` or an `injectResult` (the offline
/// engine's output), to the document area; returns their length, or -1 for another type.
@_expose(wasm, "fp_event_tokens")
@_cdecl("fp_event_tokens")
public func fpEventTokens(_ type: Int32) -> Int32 {
  var text = DocumentWriter()
  switch MessageType(rawValue: UInt8(truncatingIfNeeded: type)) {
  case .event:
    guard let report: EventReport = try? readRow() else { return -1 }
    CSVText.writeEventTokens(report.events, to: &text)
  case .injectResult:
    guard let result: InjectResult = try? readRow() else { return -1 }
    CSVText.writeEventTokens(result.output.events, to: &text)
  default: return -1
  }
  return Int32(text.count)
}

/// Writes thousandths as the CSVs' position ("-0.250") to the document area; returns its length.
@_expose(wasm, "fp_milli")
@_cdecl("fp_milli")
public func fpMilli(_ milli: Int32) -> Int32 {
  var text = DocumentWriter()
  CSVText.writeMilli(milli, to: &text)
  return Int32(text.count)
}

import ForceProtocol

// The names of the protocol's codes for the page (Web/js/wire.js builds its tables
// from them): each from its enum in ForceProtocol.

/// The code tables `fp_name` reads, by number.
enum NameTable: Int32 {
  /// `MessageType` names by type byte ("paramDescribe").
  case messageTypes = 0
  /// `ErrorCode` names by wire code ("outOfRange").
  case errorCodes = 1
  /// `ProtocolError` names by the module's error number (`errorCode`).
  case decodeErrors = 2
  /// `ParameterSource` texts by code.
  case parameterSources = 3
  /// `Capabilities` texts by bit.
  case capabilities = 4
  /// `FlashFailure` texts by code.
  case flashFailures = 5
}

/// The `ProtocolError` the module reports as `code` (the inverse of `errorCode`).
func protocolError(code: Int32) -> ProtocolError? {
  switch code {
  case 1: return .unknownType(0)
  case 2: return .badLength
  case 3: return .badValue
  case 4: return .unknownParameter(0)
  case 5: return .bufferTooSmall
  case 6: return .frameTooLong
  case 7: return .fieldOutOfRange(offset: 0, value: 0)
  default: return nil
  }
}

/// Writes the name of `code` in table `table` (a `NameTable`) to the text area;
/// returns its length, or -1 when the table has no such code.
@_expose(wasm, "fp_name")
@_cdecl("fp_name")
public func fpName(_ table: Int32, _ code: Int32) -> Int32 {
  guard let table = NameTable(rawValue: table), code >= 0, code < 256 else { return -1 }
  let raw = UInt8(code)
  let name: StaticString?
  switch table {
  case .messageTypes: name = MessageType(rawValue: raw)?.name
  case .errorCodes: name = ErrorCode(rawValue: raw)?.name
  case .decodeErrors: name = protocolError(code: code)?.name
  case .parameterSources: name = ParameterSource(rawValue: raw)?.text
  case .capabilities: name = Capabilities.name(ofBit: Int(code))
  case .flashFailures: name = FlashFailure(rawValue: raw)?.text
  }
  guard let name else { return -1 }
  return putStatic(name)
}

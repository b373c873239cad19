import ForceEngine

/// `error` (0xFF): why a request failed. It changed nothing on the device.
///
/// Body (8 bytes): code (u8), requestType (u8), parameter (u8, 0xFF = none), detail
/// (u8, 0xFF = none; for `outOfRange` the `ParameterRule` code, or for a field that is
/// not a parameter its byte offset in the request body; the `FlashFailure` code for
/// `flash`; the missing `Capabilities` bits for `unsupported`), value (i32, the
/// rejected value, else 0).
public struct ErrorReply: ProtocolFields, Equatable, Sendable {
  /// "No parameter" / "no detail".
  public static let none: UInt8 = 0xFF

  /// What went wrong.
  public var code: ErrorCode
  /// The type byte of the failed request.
  public var requestType: UInt8
  /// The parameter concerned, or `none`.
  public var parameter: UInt8
  /// Code-specific detail, or `none`.
  public var detail: UInt8
  /// The rejected value, or 0.
  public var value: Int32

  /// Every field given.
  public init(
    code: ErrorCode, requestType: UInt8, parameter: UInt8 = ErrorReply.none,
    detail: UInt8 = ErrorReply.none, value: Int32 = 0
  ) {
    self.code = code
    self.requestType = requestType
    self.parameter = parameter
    self.detail = detail
    self.value = value
  }

  /// The reply to a `paramSetBatch` the engine rejected: `outOfRange` with the
  /// parameter the rule names (`ParameterRule.subject`), the `ParameterRule` code and
  /// that parameter's value in the rejected set.
  public init(requestType: MessageType, rejected error: ParameterError) {
    self.init(
      code: .outOfRange, requestType: requestType.rawValue, parameter: error.parameter.rawValue,
      detail: error.rule.rawValue, value: error.value)
  }

  /// The reply to a `paramSet` the engine rejected: `outOfRange` with the parameter and
  /// value the request sent, and the code of the rule they broke.
  public init(rejecting pair: ParamValue, because error: ParameterError) {
    self.init(
      code: .outOfRange, requestType: MessageType.paramSet.rawValue, parameter: pair.id,
      detail: error.rule.rawValue, value: pair.value)
  }

  /// The reply to a request the device cannot serve without `missing` (`unsupported`,
  /// detail = the missing capability bits).
  public init(requestType: MessageType, missing: Capabilities) {
    self.init(code: .unsupported, requestType: requestType.rawValue, detail: missing.rawValue)
  }

  /// The reply to a flash failure.
  public init(requestType: MessageType, flash failure: FlashFailure) {
    self.init(code: .flash, requestType: requestType.rawValue, detail: failure.rawValue)
  }

  /// The reply to a frame the device could not decode (`Message.decodeRequest` threw
  /// `error`). Pure: the firmware encodes it with the frame's `seq`.
  public init(rejecting frame: DecodedFrame, because error: ProtocolError) {
    self.init(requestType: frame.type, decodeError: error)
  }

  /// The reply to a request of type `requestType` whose body did not decode.
  public init(requestType: UInt8, decodeError error: ProtocolError) {
    switch error {
    case .unknownType:
      self.init(code: .unknownType, requestType: requestType)
    case .badLength, .bufferTooSmall, .frameTooLong:
      self.init(code: .badLength, requestType: requestType)
    case .badValue:
      self.init(code: .outOfRange, requestType: requestType)
    case .fieldOutOfRange(let offset, let value):
      self.init(code: .outOfRange, requestType: requestType, detail: offset, value: value)
    case .unknownParameter(let id):
      self.init(code: .unknownParameter, requestType: requestType, parameter: id)
    }
  }

  /// The reply to a frame whose type the device does not recognise (or that is not
  /// a request): `unknownType`.
  public static func unrecognised(_ frame: DecodedFrame) -> ErrorReply {
    ErrorReply(code: .unknownType, requestType: frame.type)
  }

  /// For `outOfRange` replies from the engine: the rule broken.
  public var rule: ParameterRule? {
    code == .outOfRange ? ParameterRule(rawValue: detail) : nil
  }

  /// An `unknownType` error for request type 0.
  public init() { self.init(code: .unknownType, requestType: 0) }

  /// The fields, in wire order.
  public mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.code(&code, "code", "see the table")
    try v.u8(&requestType, "requestType", "type of the failed request")
    try v.u8(&parameter, "parameter", "parameter id, or `ff`")
    try v.u8(&detail, "detail", "code-specific, or `ff`")
    try v.i32(&value, "value", "the rejected value (of a parameter or a request field), else 0")
  }
}

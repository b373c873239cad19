/// Why a frame or a message could not be encoded or decoded.
///
/// This is the Swift-side error of the codec; `ErrorCode` is what goes on the wire.
/// `ErrorReply(rejecting:because:)` maps one to the other.
public enum ProtocolError: Error, Equatable, Sendable {
  /// The message type byte is not one this protocol version defines.
  case unknownType(UInt8)
  /// The body is shorter or longer than its message allows.
  case badLength
  /// A field holds a value its encoding does not allow (e.g. a state of 7, a raw
  /// reading above 1023, an unknown error code).
  case badValue
  /// A request field holds a value the device does not accept: `offset` is the
  /// field's byte offset in the request body, `value` its value as sent (a u32 field
  /// travels with the same bits). On the wire: `outOfRange`, parameter 0xFF, detail
  /// `offset`, value `value`.
  case fieldOutOfRange(offset: UInt8, value: Int32)
  /// A parameter id at or past `ParameterID.count`.
  case unknownParameter(UInt8)
  /// The caller's output buffer is too small for the frame.
  case bufferTooSmall
  /// The frame would exceed `FrameFormat.maxFrameSize`.
  case frameTooLong
}

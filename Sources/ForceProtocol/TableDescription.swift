import ForceEngine

/// `paramDescription` (0x82) as the device sends it: read from this build's parameter
/// table while it is encoded. The bytes are those of `ParamDescription(parameter,
/// value:)`, without the two 33-byte `ShortText` copies of the name and unit built on
/// the stack first (the `paramDescribe` request is on the device's deepest path).
public struct TableDescription: DeviceMessage {
  /// `paramDescription`.
  public static var messageType: MessageType { .paramDescription }

  /// The parameter described.
  public var parameter: ParameterID
  /// Its current value.
  public var value: Int32

  /// The description of `parameter`, with its current value.
  public init(_ parameter: ParameterID, value: Int32) {
    self.parameter = parameter
    self.value = value
  }

  public func encode<W: ByteSink>(into writer: inout W) throws(ProtocolError) {
    let info = parameter.info
    try writer.u8(parameter.rawValue)
    try writer.u8(UInt8(ParameterID.count))
    try writer.i32(value)
    try writer.i32(info.min)
    try writer.i32(info.max)
    try writer.i32(info.defaultValue)
    try Self.text(info.name, into: &writer)
    try Self.text(info.unit, into: &writer)
  }

  /// A table entry as `ShortText` encodes it: its length, then its bytes, cut to
  /// `ShortText.capacity`.
  static func text<W: ByteSink>(_ text: TableText, into writer: inout W) throws(ProtocolError) {
    let bytes = text.bytes
    let length = Swift.min(bytes.count, ShortText.capacity)
    try writer.u8(UInt8(truncatingIfNeeded: length))
    try writer.bytes(UnsafeRawBufferPointer(rebasing: bytes[0..<length]))
  }
}

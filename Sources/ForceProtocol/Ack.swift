/// `ack` (0x84): a request succeeded and has nothing else to return.
public struct Ack: Equatable, Sendable {
  /// The type byte of the request acknowledged.
  public var requestType: UInt8

  /// An acknowledgement of `requestType`.
  public init(_ requestType: MessageType) { self.requestType = requestType.rawValue }

  /// An acknowledgement of a raw request type.
  public init(requestType: UInt8) { self.requestType = requestType }

  public func encode<W: ByteSink>(into writer: inout W) throws(ProtocolError) { try writer.u8(requestType) }

  @inline(never)
  init(from reader: inout ByteReader) throws(ProtocolError) { requestType = try reader.u8() }
}

/// `ack` (0x84): a request succeeded and has nothing else to return.
public struct Ack: ProtocolFields, Equatable, Sendable {
  /// The type byte of the request acknowledged.
  public var requestType: UInt8

  /// An acknowledgement of `requestType`.
  public init(_ requestType: MessageType) { self.requestType = requestType.rawValue }

  /// An acknowledgement of a raw request type.
  public init(requestType: UInt8) { self.requestType = requestType }

  /// No request.
  public init() { requestType = 0 }

  /// The fields, in wire order.
  public mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u8(&requestType, "requestType", "type of the acknowledged request")
  }
}

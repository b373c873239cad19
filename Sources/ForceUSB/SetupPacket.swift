/// The 8-byte SETUP packet that starts every control transfer (USB 2.0 §9.3).
public struct SetupPacket: Equatable, Sendable {
  /// bmRequestType: direction (bit 7), type (bits 6-5), recipient (bits 4-0).
  public var requestType: UInt8
  /// bRequest.
  public var request: UInt8
  /// wValue.
  public var value: UInt16
  /// wIndex.
  public var index: UInt16
  /// wLength: bytes in the data stage (at most, for device-to-host requests).
  public var length: UInt16

  /// A packet field by field.
  public init(requestType: UInt8, request: UInt8, value: UInt16 = 0, index: UInt16 = 0, length: UInt16 = 0) {
    self.requestType = requestType
    self.request = request
    self.value = value
    self.index = index
    self.length = length
  }

  /// The packet as two little-endian words (bytes 0-3 and 4-7), as a USB controller holds it.
  public init(low: UInt32, high: UInt32) {
    requestType = UInt8(truncatingIfNeeded: low)
    request = UInt8(truncatingIfNeeded: low >> 8)
    value = UInt16(truncatingIfNeeded: low >> 16)
    index = UInt16(truncatingIfNeeded: high)
    length = UInt16(truncatingIfNeeded: high >> 16)
  }

  /// True for device-to-host (IN) requests.
  public var isIn: Bool { requestType & 0x80 != 0 }
  /// The request type: 0 standard, 1 class, 2 vendor, 3 reserved.
  public var kind: UInt8 { (requestType >> 5) & 3 }
  /// The recipient: 0 device, 1 interface, 2 endpoint, 3 other.
  public var recipient: UInt8 { requestType & 0x1F }

  /// Standard request codes (USB 2.0 table 9-4).
  public enum Standard {
    public static let getStatus: UInt8 = 0
    public static let clearFeature: UInt8 = 1
    public static let setFeature: UInt8 = 3
    public static let setAddress: UInt8 = 5
    public static let getDescriptor: UInt8 = 6
    public static let getConfiguration: UInt8 = 8
    public static let setConfiguration: UInt8 = 9
    public static let getInterface: UInt8 = 10
    public static let setInterface: UInt8 = 11
  }

  /// CDC PSTN class request codes (USB CDC PSTN 1.2 table 13).
  public enum CDC {
    public static let setLineCoding: UInt8 = 0x20
    public static let getLineCoding: UInt8 = 0x21
    public static let setControlLineState: UInt8 = 0x22
    public static let sendBreak: UInt8 = 0x23
  }

  /// HID class request codes (USB HID 1.11 §7.2).
  public enum HID {
    public static let getReport: UInt8 = 0x01
    public static let getIdle: UInt8 = 0x02
    public static let getProtocol: UInt8 = 0x03
    public static let setReport: UInt8 = 0x09
    public static let setIdle: UInt8 = 0x0A
    public static let setProtocol: UInt8 = 0x0B
  }
}

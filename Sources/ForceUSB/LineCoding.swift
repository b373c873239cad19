/// The CDC line coding (SET_LINE_CODING / GET_LINE_CODING, 7 bytes): the baud rate,
/// stop bits, parity and data bits a host asks for. A USB serial port has no baud
/// rate; the firmware keeps what the host set and reports it back. Only 1200 baud
/// means something: DTR dropped at that rate is the bootloader touch.
public struct LineCoding: Equatable, Sendable {
  /// dwDTERate, bits per second.
  public var baud: UInt32
  /// bCharFormat: 0 one stop bit, 1 one and a half, 2 two.
  public var stopBits: UInt8
  /// bParityType: 0 none, 1 odd, 2 even, 3 mark, 4 space.
  public var parity: UInt8
  /// bDataBits: 5, 6, 7, 8 or 16.
  public var dataBits: UInt8

  /// The rate at which dropping DTR asks for the bootloader (`CDCDevice.bootloaderTouched`).
  public static let bootloaderTouchBaud: UInt32 = 1200

  /// 115200 8N1, what the device reports before a host sets anything.
  public static let standard = LineCoding(baud: 115_200, stopBits: 0, parity: 0, dataBits: 8)

  /// A line coding field by field.
  public init(baud: UInt32, stopBits: UInt8, parity: UInt8, dataBits: UInt8) {
    self.baud = baud
    self.stopBits = stopBits
    self.parity = parity
    self.dataBits = dataBits
  }

  /// Parses the 7 wire bytes; nil when the count is wrong or a field is out of range
  /// (zero baud, stop bits above 2, parity above 4, data bits not 5-8 or 16).
  public init?(bytes: UnsafeRawBufferPointer) {
    guard bytes.count == 7 else { return nil }
    let baud = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    let dataBits = bytes[6]
    guard baud != 0, bytes[4] <= 2, bytes[5] <= 4, (5...8).contains(dataBits) || dataBits == 16 else { return nil }
    self.init(baud: baud, stopBits: bytes[4], parity: bytes[5], dataBits: dataBits)
  }

  /// Writes the 7 wire bytes.
  func write(to out: inout DescriptorWriter) {
    out.word(UInt16(truncatingIfNeeded: baud))
    out.word(UInt16(truncatingIfNeeded: baud >> 16))
    out.byte(stopBits)
    out.byte(parity)
    out.byte(dataBits)
  }
}

import ForceUSB

/// One serial port found by `SerialPorts.list()`.
public struct PortInfo: Equatable, Hashable, Sendable {
  /// How the port is attached.
  public enum Kind: String, Equatable, Hashable, Sendable, Encodable {
    /// A built-in UART (`/dev/ttyS*`, `/dev/ttyAMA*`).
    case native
    /// A USB serial device (`/dev/ttyACM*`, `/dev/ttyUSB*`).
    case usb
    /// A Bluetooth serial link (`/dev/rfcomm*`).
    case bluetooth
  }

  /// Arm DAPLink / mbed CMSIS-DAP, the micro:bit's interface chip.
  public static let microbitVendorID: UInt16 = 0x0D28
  /// Product ID of the DAPLink CMSIS-DAP interface.
  public static let microbitProductID: UInt16 = 0x0204

  /// The ForcePicker Pico firmware's USB serial port (Docs/usb.md): pid.codes' test IDs,
  /// so the product string must match as well.
  public static let forcePickerVendorID = USBIdentity.vendorID
  /// Product ID of the ForcePicker Pico firmware.
  public static let forcePickerProductID = USBIdentity.productID
  /// Its USB product string.
  public static let forcePickerProduct = "ForcePicker"
  /// Raspberry Pi: the RP2040 boot ROM's USB device and the Pico SDK's own serial ports.
  public static let raspberryPiVendorID: UInt16 = 0x2E8A

  /// `vvvv:pppp`, as lsusb writes a vendor and product ID.
  public static func usbID(_ vendor: UInt16, _ product: UInt16) -> String { "\(hex4(vendor)):\(hex4(product))" }

  /// The device path, e.g. `/dev/ttyACM0`.
  public var name: String
  /// libserialport's description (USB product string, or the device name).
  public var description: String
  /// How the port is attached.
  public var kind: Kind
  /// USB vendor ID, for USB ports.
  public var usbVendorID: UInt16?
  /// USB product ID, for USB ports.
  public var usbProductID: UInt16?
  /// USB manufacturer string.
  public var manufacturer: String?
  /// USB product string.
  public var product: String?
  /// USB serial number (for a micro:bit, the board's unique ID).
  public var serialNumber: String?

  /// A port described field by field (tests, fakes).
  public init(
    name: String, description: String, kind: Kind, usbVendorID: UInt16? = nil,
    usbProductID: UInt16? = nil,
    manufacturer: String? = nil, product: String? = nil, serialNumber: String? = nil
  ) {
    self.name = name
    self.description = description
    self.kind = kind
    self.usbVendorID = usbVendorID
    self.usbProductID = usbProductID
    self.manufacturer = manufacturer
    self.product = product
    self.serialNumber = serialNumber
  }

  /// Whether this is a BBC micro:bit's interface chip (DAPLink, VID 0x0D28 PID 0x0204).
  public var isMicrobit: Bool {
    usbVendorID == PortInfo.microbitVendorID && usbProductID == PortInfo.microbitProductID
  }

  /// Whether this is a Pico running the ForcePicker firmware with its USB serial port.
  public var isForcePickerPico: Bool {
    usbVendorID == PortInfo.forcePickerVendorID && usbProductID == PortInfo.forcePickerProductID
      && product == PortInfo.forcePickerProduct
  }

  /// Whether this is a Raspberry Pi Pico: the ForcePicker firmware's USB serial port,
  /// or any device with Raspberry Pi's vendor ID (0x2E8A: the boot ROM, SDK firmware).
  public var isPico: Bool {
    isForcePickerPico || usbVendorID == PortInfo.raspberryPiVendorID
  }

  /// The board marker `forcectl ports` shows: "micro:bit", "ForcePicker Pico", "Pico" or "".
  public var boardMarker: String {
    isMicrobit ? "micro:bit" : isForcePickerPico ? "ForcePicker Pico" : isPico ? "Pico" : ""
  }

  /// `vvvv:pppp` in lower-case hex (as lsusb prints it), or nil for non-USB ports.
  public var usbID: String? {
    guard let usbVendorID, let usbProductID else { return nil }
    return PortInfo.usbID(usbVendorID, usbProductID)
  }

  /// Four lower-case hex digits.
  public static func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

extension PortInfo: Encodable {
  private enum CodingKeys: String, CodingKey {
    case name, description, kind, vendorID, productID, manufacturer, product, serialNumber,
      isMicrobit, isPico
  }

  /// JSON shape for `forcectl ports --json`: USB IDs as 4-digit hex strings, absent fields omitted.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(description, forKey: .description)
    try container.encode(kind, forKey: .kind)
    try container.encodeIfPresent(usbVendorID.map(PortInfo.hex4), forKey: .vendorID)
    try container.encodeIfPresent(usbProductID.map(PortInfo.hex4), forKey: .productID)
    try container.encodeIfPresent(manufacturer, forKey: .manufacturer)
    try container.encodeIfPresent(product, forKey: .product)
    try container.encodeIfPresent(serialNumber, forKey: .serialNumber)
    try container.encode(isMicrobit, forKey: .isMicrobit)
    try container.encode(isPico, forKey: .isPico)
  }
}

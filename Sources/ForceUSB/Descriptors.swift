/// The device's descriptors (USB 2.0 chapter 9 and its IAD ECN, USB CDC 1.2 and PSTN
/// 1.2, HID 1.11): one configuration of a composite device, a CDC-ACM function and a
/// HID function, written on demand into the reply buffer (nothing is kept in RAM).
/// Docs/usb.md lists them byte by byte.
///
/// An interface association groups interfaces 0 and 1 into the CDC function, so the
/// device class is the IAD triple EFh/02h/01h. Interface 0 is the communications
/// interface (class 02h, ACM subclass 02h, no AT protocol) with its notification
/// endpoint 0x81; interface 1 is the data interface (class 0Ah) with bulk endpoints
/// 0x02 (OUT) and 0x82 (IN). Linux's `cdc_acm` binds to interface 0 and makes
/// `/dev/ttyACM*`. Interface 2 is HID (class 03h, no boot subclass) with the interrupt
/// IN endpoint 0x83; `usbhid` binds to it and makes the input devices. Interface 3 is
/// the Pico SDK's reset interface (vendor class FFh, subclass 00h, protocol 01h, no
/// endpoints): a vendor request to it reboots into BOOTSEL mode, as `picotool reboot
/// -f -u` asks SDK firmware to.
public enum Descriptors {
  /// bMaxPacketSize0 and the bulk endpoints' wMaxPacketSize (full speed).
  public static let packetSize = 64
  /// The notification endpoint (interrupt IN; nothing is ever sent on it).
  public static let notificationEndpoint: UInt8 = 0x81
  /// The bulk OUT endpoint: host to device.
  public static let dataOutEndpoint: UInt8 = 0x02
  /// The bulk IN endpoint: device to host.
  public static let dataInEndpoint: UInt8 = 0x82
  /// wMaxPacketSize of the notification endpoint.
  public static let notificationPacketSize: UInt16 = 8
  /// The HID interface's interrupt IN endpoint: the input reports.
  public static let reportEndpoint: UInt8 = 0x83
  /// wTotalLength of the configuration.
  public static let configurationLength = 109
  /// The communications interface (class requests go to it).
  public static let controlInterface: UInt16 = 0
  /// The HID interface (HID class requests and its descriptors).
  public static let hidInterface: UInt16 = 2
  /// The reset interface (vendor requests: `ResetInterface`).
  public static let resetInterface: UInt16 = 3
  /// bNumInterfaces.
  public static let interfaceCount: UInt8 = 4
  /// String descriptor indices.
  public static let manufacturerString: UInt8 = 1
  public static let productString: UInt8 = 2
  public static let interfaceString: UInt8 = 3
  /// iSerialNumber, when the identity has a serial number.
  public static let serialNumberString: UInt8 = 4
  /// The one language: US English.
  public static let languageID: UInt16 = 0x0409

  static let deviceType: UInt8 = 1
  static let configurationType: UInt8 = 2
  static let stringType: UInt8 = 3
  static let interfaceType: UInt8 = 4
  static let endpointType: UInt8 = 5
  static let classInterfaceType: UInt8 = 0x24
  static let interfaceAssociationType: UInt8 = 0x0B
  /// HID class descriptors (HID 1.11 §7.1): the HID descriptor and the report descriptor.
  static let hidType: UInt8 = 0x21
  static let hidReportType: UInt8 = 0x22

  /// The 18-byte device descriptor.
  static func device(_ identity: USBIdentity, into out: inout DescriptorWriter) {
    out.byte(18)
    out.byte(deviceType)
    out.word(0x0200)  // USB 2.0 (full speed only: no BOS, no device qualifier)
    out.byte(0xEF)  // bDeviceClass: miscellaneous
    out.byte(0x02)  // common class
    out.byte(0x01)  // interface association
    out.byte(UInt8(packetSize))
    out.word(USBIdentity.vendorID)
    out.word(USBIdentity.productID)
    out.word(identity.releaseNumber)
    out.byte(manufacturerString)
    out.byte(productString)
    out.byte(identity.serialNumber == nil ? 0 : serialNumberString)  // the flash chip's unique ID (Docs/usb.md)
    out.byte(1)  // one configuration
  }

  /// The 109-byte configuration descriptor with its interfaces and endpoints.
  static func configuration(into out: inout DescriptorWriter) {
    // Configuration 1: four interfaces, bus-powered, 100 mA.
    out.bytes((9, configurationType, UInt8(configurationLength), 0, interfaceCount, 1, 0, 0x80, 50))
    // Interface association: interfaces 0 and 1 are one CDC ACM function.
    out.raw((UInt8(8), interfaceAssociationType, UInt8(0), UInt8(2), UInt8(0x02), UInt8(0x02), UInt8(0), UInt8(0)))
    // Interface 0: communications, ACM, one endpoint, iInterface = the version string.
    out.bytes((9, interfaceType, 0, 0, 1, 0x02, 0x02, 0x00, interfaceString))
    // Header (CDC 1.10), call management (none; data interface 1), ACM (line coding and
    // control line state), union (control 0, data 1).
    out.bytes((5, classInterfaceType, 0x00, 0x10, 0x01))
    out.bytes((5, classInterfaceType, 0x01, 0x00, 0x01))
    out.bytes((4, classInterfaceType, 0x02, 0x02))
    out.bytes((5, classInterfaceType, 0x06, 0x00, 0x01))
    endpoint(notificationEndpoint, attributes: 0x03, size: notificationPacketSize, interval: 16, into: &out)
    // Interface 1: data, two bulk endpoints.
    out.bytes((9, interfaceType, 1, 0, 2, 0x0A, 0x00, 0x00, 0))
    endpoint(dataOutEndpoint, attributes: 0x02, size: UInt16(packetSize), interval: 0, into: &out)
    endpoint(dataInEndpoint, attributes: 0x02, size: UInt16(packetSize), interval: 0, into: &out)
    // Interface 2: HID, no boot subclass, one interrupt endpoint.
    out.bytes((9, interfaceType, UInt8(hidInterface), 0, 1, 0x03, 0x00, 0x00, 0))
    hid(into: &out)
    endpoint(
      reportEndpoint, attributes: 0x03, size: HIDReports.packetSize, interval: HIDReports.pollInterval, into: &out)
    // Interface 3: the reset interface, vendor class, no endpoints.
    out.bytes(
      (9, interfaceType, UInt8(resetInterface), 0, 0, 0xFF, ResetInterface.subclass, ResetInterface.protocolCode, 0))
  }

  /// The 9-byte HID descriptor: HID 1.11, no country, one report descriptor.
  static func hid(into out: inout DescriptorWriter) {
    out.bytes((9, hidType, 0x11, 0x01, 0, 1, hidReportType, UInt8(HIDReports.descriptorLength), 0))
  }

  static func endpoint(
    _ address: UInt8, attributes: UInt8, size: UInt16, interval: UInt8, into out: inout DescriptorWriter
  ) {
    out.byte(7)
    out.byte(endpointType)
    out.byte(address)
    out.byte(attributes)
    out.word(size)
    out.byte(interval)
  }

  /// String descriptor `index` (0: the language list); false when there is none.
  static func string(_ index: UInt8, identity: USBIdentity, into out: inout DescriptorWriter) -> Bool {
    switch index {
    case 0:
      out.byte(4)
      out.byte(stringType)
      out.word(languageID)
    case manufacturerString: text(USBIdentity.manufacturer, into: &out)
    case productString: text(USBIdentity.product, into: &out)
    case interfaceString:
      let v = identity.version
      let digits = { (x: UInt8) in x >= 100 ? 3 : x >= 10 ? 2 : 1 }
      let units =
        USBIdentity.interfacePrefix.utf8CodeUnitCount + digits(v.major) + digits(v.minor) + digits(v.patch) + 2
      out.byte(UInt8(2 + 2 * units))
      out.byte(stringType)
      out.utf16(USBIdentity.interfacePrefix)
      out.utf16(decimal: v.major)
      out.word(0x2E)
      out.utf16(decimal: v.minor)
      out.word(0x2E)
      out.utf16(decimal: v.patch)
    case serialNumberString:
      guard let number = identity.serialNumber else { return false }
      out.byte(2 + 2 * 16)
      out.byte(stringType)
      out.utf16(hex: number)
    default: return false
    }
    return true
  }

  static func text(_ text: StaticString, into out: inout DescriptorWriter) {
    out.byte(UInt8(2 + 2 * text.utf8CodeUnitCount))
    out.byte(stringType)
    out.utf16(text)
  }
}

/// What the device tells a host it is: the vendor and product IDs, the release number
/// and the strings (Docs/usb.md).
///
/// The IDs are pid.codes' vendor 0x1209 with its test product ID 0x0003, which
/// pid.codes sets aside for development and testing: free to use on one's own bench,
/// not to ship. (The CDC-only images used 0x0001 and the CDC and HID images 0x0002:
/// hosts cache drivers per VID/PID, so each set of interfaces has a product ID of its
/// own.) A
/// distributed ForcePicker gets its own product ID from pid.codes (free for
/// open-source hardware) by changing `productID` here and in the udev rule (its
/// test checks the two agree).
public struct USBIdentity: Sendable {
  /// pid.codes.
  public static let vendorID: UInt16 = 0x1209
  /// pid.codes' test product ID: the one home of the product ID (`forcectl ports`
  /// reads it from here).
  public static let productID: UInt16 = 0x0003
  /// iManufacturer.
  public static let manufacturer: StaticString = "ForcePicker project"
  /// iProduct: what `forcectl ports` and libserialport show.
  public static let product: StaticString = "ForcePicker"
  /// The comm interface's iInterface starts with this and ends with the version.
  public static let interfacePrefix: StaticString = "ForcePicker firmware "

  /// The firmware version, in bcdDevice and the interface string.
  public var version: (major: UInt8, minor: UInt8, patch: UInt8)
  /// The serial number: the flash chip's 64-bit unique ID, its first byte read in the
  /// top eight bits, sent as 16 upper-case hex digits (iSerialNumber), as the RP2040's
  /// boot ROM sends it in BOOTSEL mode. Nil: the device has no serial number
  /// (iSerialNumber 0).
  public var serialNumber: UInt64?

  /// The identity of a firmware at `version`, with the serial number `serialNumber`.
  public init(version: (major: UInt8, minor: UInt8, patch: UInt8), serialNumber: UInt64? = nil) {
    self.version = version
    self.serialNumber = serialNumber
  }

  /// bcdDevice: 0xJJMN for version JJ.M.N (each field capped to what BCD holds).
  public var releaseNumber: UInt16 {
    func bcd(_ value: UInt8, digits: UInt8) -> UInt16 {
      let capped = UInt16(min(value, digits == 2 ? 99 : 9))
      return digits == 2 ? (capped / 10) << 4 | capped % 10 : capped
    }
    return bcd(version.major, digits: 2) << 8 | bcd(version.minor, digits: 1) << 4 | bcd(version.patch, digits: 1)
  }
}

/// The HID interface's report descriptor (USB HID 1.11 §6.2.2, HID Usage Tables 1.4)
/// and its input reports: one top-level collection per way a step reaches the host
/// (`hid_mode`: keyboard, wheel, consumer control, axis),
/// each with its own report ID, so the mode can change without re-enumerating.
/// Docs/usb.md explains the descriptor byte by byte.
///
/// Every input report is the report ID, then one data byte (two for the axis).
public enum HIDReports {
  /// The keyboard collection's report ID: the data byte is a key code, 0 none.
  public static let keyboardID: UInt8 = 1
  /// The wheel collection's report ID: the data byte is detents, signed.
  public static let wheelID: UInt8 = 2
  /// The consumer collection's report ID: bit 0 Volume Increment, bit 1 Decrement.
  public static let consumerID: UInt8 = 3
  /// The axis collection's report ID: the data is 0...32 767, little-endian.
  public static let axisID: UInt8 = 4
  /// Bytes in the input report `id`, the report ID included.
  public static func reportLength(_ id: UInt8) -> Int { id == axisID ? 3 : 2 }
  /// The interrupt IN endpoint's wMaxPacketSize.
  public static let packetSize: UInt16 = 8
  /// bInterval of the interrupt IN endpoint, in frames (ms).
  public static let pollInterval: UInt8 = 1
  /// wDescriptorLength: the whole report descriptor (25 + 53 + 27 + 22 bytes; under 256).
  public static let descriptorLength = 127
  /// The wheel's Resolution Multiplier at its logical maximum (1): units per detent
  /// once the host turns it on with the feature report of `wheelID`.
  public static let wheelMultiplier: UInt8 = 8
  /// wValue of GET_REPORT and SET_REPORT for the multiplier: a feature report (3)
  /// of the wheel's report ID.
  static let wheelFeature: UInt16 = 0x0300 | UInt16(wheelID)

  /// True for the report IDs the descriptor declares.
  public static func isReportID(_ id: UInt8) -> Bool { id >= keyboardID && id <= axisID }

  /// A short item with one byte of data: the prefix (tag, type and size 1) and the data.
  static func item(_ prefix: UInt8, _ data: UInt8) -> (UInt8, UInt8) { (prefix, data) }
  /// End Collection: a main item without data.
  static let endCollection: UInt8 = 0xC0

  /// The report descriptor: short items, prefix byte then data (HID 1.11 §6.2.2.2).
  static func descriptor(into out: inout DescriptorWriter) {
    // One tuple of the four collections' items (UInt8s only, so its bytes are
    // contiguous), written by one call.
    out.raw(
      (
        // Keyboard: one key code as an array, usages 00h-65h of the Keyboard page.
        (
          item(0x05, 0x01),  // Usage Page (Generic Desktop)
          item(0x09, 0x06),  // Usage (Keyboard)
          item(0xA1, 0x01),  // Collection (Application)
          item(0x85, keyboardID),  // Report ID (1)
          item(0x05, 0x07),  // Usage Page (Keyboard/Keypad)
          item(0x19, 0x00),  // Usage Minimum (0)
          item(0x29, 0x65),  // Usage Maximum (65h)
          item(0x15, 0x00),  // Logical Minimum (0)
          item(0x25, 0x65),  // Logical Maximum (65h)
          item(0x75, 0x08),  // Report Size (8)
          item(0x95, 0x01),  // Report Count (1)
          item(0x81, 0x00),  // Input (Data, Array, Absolute)
          endCollection
        ),
        // Mouse: a pointer with one relative wheel, -127...127 units, and in the same
        // logical collection its Resolution Multiplier (a feature, 0 or 1: 1 or 8 units
        // a detent), which a host that scrolls smoothly turns on.
        (
          item(0x05, 0x01),  // Usage Page (Generic Desktop)
          item(0x09, 0x02),  // Usage (Mouse)
          item(0xA1, 0x01),  // Collection (Application)
          item(0x85, wheelID),  // Report ID (2)
          item(0x09, 0x01),  // Usage (Pointer)
          item(0xA1, 0x00),  // Collection (Physical)
          item(0xA1, 0x02),  // Collection (Logical): the multiplier applies to the wheel in it
          item(0x09, 0x48),  // Usage (Resolution Multiplier)
          item(0x15, 0x00),  // Logical Minimum (0)
          item(0x25, 0x01),  // Logical Maximum (1)
          item(0x35, 0x01),  // Physical Minimum (1)
          item(0x45, wheelMultiplier),  // Physical Maximum (8)
          item(0x75, 0x02),  // Report Size (2)
          item(0x95, 0x01),  // Report Count (1)
          item(0xB1, 0x02),  // Feature (Data, Variable, Absolute)
          item(0x35, 0x00),  // Physical Minimum (0): no physical scale from here on
          item(0x45, 0x00),  // Physical Maximum (0)
          item(0x75, 0x06),  // Report Size (6)
          item(0xB1, 0x03),  // Feature (Constant): the padding
          item(0x09, 0x38),  // Usage (Wheel)
          item(0x15, 0x81),  // Logical Minimum (-127)
          item(0x25, 0x7F),  // Logical Maximum (127)
          item(0x75, 0x08),  // Report Size (8)
          item(0x95, 0x01),  // Report Count (1)
          item(0x81, 0x06),  // Input (Data, Variable, Relative)
          endCollection, endCollection, endCollection
        ),
        // Consumer control: Volume Increment and Volume Decrement as two bits, six padding.
        (
          item(0x05, 0x0C),  // Usage Page (Consumer)
          item(0x09, 0x01),  // Usage (Consumer Control)
          item(0xA1, 0x01),  // Collection (Application)
          item(0x85, consumerID),  // Report ID (3)
          item(0x09, 0xE9),  // Usage (Volume Increment)
          item(0x09, 0xEA),  // Usage (Volume Decrement)
          item(0x15, 0x00),  // Logical Minimum (0)
          item(0x25, 0x01),  // Logical Maximum (1)
          item(0x75, 0x01),  // Report Size (1)
          item(0x95, 0x02),  // Report Count (2)
          item(0x81, 0x02),  // Input (Data, Variable, Absolute)
          item(0x95, 0x06),  // Report Count (6)
          item(0x81, 0x03),  // Input (Constant): the padding
          endCollection
        ),
        // Joystick: one absolute X axis, 16 bits, 0...32 767.
        (
          item(0x05, 0x01),  // Usage Page (Generic Desktop)
          item(0x09, 0x04),  // Usage (Joystick)
          item(0xA1, 0x01),  // Collection (Application)
          item(0x85, axisID),  // Report ID (4)
          item(0x09, 0x30),  // Usage (X)
          item(0x15, 0x00),  // Logical Minimum (0)
          (UInt8(0x26), UInt8(0xFF), UInt8(0x7F)),  // Logical Maximum (32 767): two data bytes
          item(0x75, 0x10),  // Report Size (16)
          item(0x95, 0x01),  // Report Count (1)
          item(0x81, 0x02),  // Input (Data, Variable, Absolute)
          endCollection
        )
      ))
  }
}

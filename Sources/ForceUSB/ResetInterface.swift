/// The Pico SDK's reset interface (its `pico_usb_reset_interface`): a vendor-class
/// interface without endpoints whose control requests reboot the chip. Tools that
/// flash SDK firmware without the BOOTSEL button (`picotool reboot -f -u`) look for an
/// interface of this class, subclass and protocol and send it `bootsel`.
public enum ResetInterface {
  /// bInterfaceSubClass.
  public static let subclass: UInt8 = 0x00
  /// bInterfaceProtocol.
  public static let protocolCode: UInt8 = 0x01
  /// bRequest of the vendor request that reboots into BOOTSEL mode. Its wValue may
  /// name an activity LED and interfaces of the boot ROM to disable; the firmware
  /// takes neither (the drive and PICOBOOT both stay, no LED), as its other ways do.
  public static let bootsel: UInt8 = 0x01
  /// bRequest of the vendor request that reboots into the application: not offered
  /// (it STALLs), since the application is what already runs.
  public static let flashBoot: UInt8 = 0x02
}

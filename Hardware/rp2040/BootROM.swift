/// The boot ROM's USB bootloader: `reset_usb_boot` (function table code 'UB', found
/// as flash.c finds the flash routines) reboots the chip through the watchdog into
/// BOOTSEL mode, as holding the BOOTSEL button at power-up does: a USB drive
/// (RPI-RP2) that takes a UF2 image, and the PICOBOOT interface, whose serial number
/// is the flash chip's unique ID (`Flash.uniqueID`).
public enum BootROM {
  /// Calls `reset_usb_boot(0, 0)`: no GPIO shows the drive's activity, and neither
  /// interface is disabled. Interrupts are masked first; it does not return.
  public static func rebootToUSBBoot() -> Never {
    rp2040_reset_usb_boot(0, 0)
  }
}

@_silgen_name("rp2040_reset_usb_boot")
func rp2040_reset_usb_boot(_ gpioActivityMask: UInt32, _ disableInterfaceMask: UInt32) -> Never

/// Rebooting into the chip's own USB bootloader, from which a new image is copied
/// (the Pico's boot ROM in BOOTSEL mode: the RPI-RP2 drive), so a board can be flashed
/// without its button. The host asks with the `bootsel` request, answered before the
/// reboot, or on the serial port itself (the Pico's USB port: the 1200-baud touch).
public protocol Bootloader {
  /// Whether the board has a bootloader the firmware can reboot into (`info`'s
  /// capability bit 5; without it `bootsel` is refused as `unsupported`).
  var hasBootloader: Bool { get }
  /// The host asked for the bootloader through the serial port itself (the Pico's
  /// USB: DTR dropped at 1200 baud), not with a request.
  var bootloaderRequested: Bool { get }
  /// True once every byte handed to `serialWrite` has left the port (a USB IN
  /// packet: taken by the host), so a reboot loses no reply.
  var serialIdle: Bool { get }
  /// Reboots into the bootloader. On a board that has one it does not return.
  mutating func rebootToBootloader()
}

/// A board without a bootloader to reboot into (the micro:bit, whose USB belongs to
/// its interface chip; SITL; QEMU).
extension Bootloader {
  /// None.
  public var hasBootloader: Bool { false }
  /// Never.
  public var bootloaderRequested: Bool { false }
  /// Always: nothing waits anywhere but in the transmit queue.
  public var serialIdle: Bool { true }
  /// Nothing to reboot into (never called: `bootsel` is refused first).
  public mutating func rebootToBootloader() {}
}

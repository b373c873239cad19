import ForceProtocol

/// The hardware a firmware build runs on: one conformance per board, one host fake.
///
/// Kept deliberately small (after TinyUSB and Betaflight), and split into the
/// capabilities the portable firmware uses, each in its own file: a byte serial port
/// (`SerialPort`), two force cells (`CellSensor`), a frame timer and a tick counter
/// (`FrameClock`), reserved NOR flash pages (`NORFlash`), the LEDs (`StatusDisplay`),
/// a watchdog with the reset reason (`WatchdogTimer`) and, on the Pico, a bootloader
/// to reboot into (`Bootloader`; the others keep its defaults) and a USB HID
/// interface (`HIDPort`, the same). Everything is non-blocking;
/// the portable firmware owns the ring buffers, the framing and the frame loop.
/// `FirmwareApp` is generic over the board, so no capability is ever boxed.
public protocol Board: SerialPort, CellSensor, FrameClock, NORFlash, StatusDisplay, WatchdogTimer, Bootloader,
  HIDPort
{
  /// Board name reported in the handshake, e.g. "microbit-v1".
  var name: StaticString { get }
  /// Deepest the stack has been since boot, in bytes (0: not measured; the
  /// extension below gives that default).
  var stackHighWater: UInt16 { get }
  /// The supply as last measured, in millivolts (0: not measured; the extension
  /// below gives that default). The handshake reports it (`supplyMillivolts`).
  var supplyMillivolts: UInt16 { get }
  /// What failed while the board brought its clocks up (empty: nothing, or nothing
  /// to report: the extension below gives that default).
  var bootFaults: BootFaults { get }
  /// The chip's silicon revision as read at boot (0: not read; the default).
  var chipRevision: UInt16 { get }
}

/// What a board measures or reads about itself (additive: a board that does not
/// paint its stack or bring clocks up keeps these defaults).
extension Board {
  /// Not measured.
  public var stackHighWater: UInt16 { 0 }
  /// Not measured.
  public var supplyMillivolts: UInt16 { 0 }
  /// Nothing to report.
  public var bootFaults: BootFaults { [] }
  /// Not read.
  public var chipRevision: UInt16 { 0 }
}

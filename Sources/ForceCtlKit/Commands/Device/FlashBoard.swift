import ArgumentParser
import ForceDevice
import ForceLink

/// The boards `forcectl flash` programs, with their drive, image and serial port.
public enum FlashBoard: String, CaseIterable, ExpressibleByArgument, Sendable {
  /// BBC micro:bit v1: the .hex onto the MICROBIT drive.
  case microbit
  /// Raspberry Pi Pico: the .uf2 onto the boot ROM's RPI-RP2 drive.
  case pico

  /// The drive the image is copied onto.
  public var drive: BoardDrive { self == .microbit ? .microbit : .pico }
  /// The image in a checkout, relative to its root.
  public var imagePath: String { self == .microbit ? FirmwareImage.hexPath : FirmwareImage.picoUF2Path }
  /// The name the firmware reports in its handshake.
  public var handshakeName: StaticString { self == .microbit ? "microbit-v1" : "pico" }
  /// The board's name in messages.
  public var displayName: String { self == .microbit ? "micro:bit" : "Pico" }
  /// Whether `port` is this board's serial port.
  public func owns(_ port: PortInfo) -> Bool { self == .microbit ? port.isMicrobit : port.isForcePickerPico }
}

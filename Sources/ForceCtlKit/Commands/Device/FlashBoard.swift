import ArgumentParser
import ForceDevice
import ForceLink
import Foundation

/// The boards `forcectl flash` programs, with their drive, image and serial port.
public enum FlashBoard: String, CaseIterable, ExpressibleByArgument, Sendable {
  /// BBC micro:bit v1: the .hex onto the MICROBIT drive.
  case microbit
  /// Raspberry Pi Pico: the .uf2 onto the boot ROM's RPI-RP2 drive.
  case pico

  /// The drive the image is copied onto.
  public var drive: BoardDrive { self == .microbit ? .microbit : .pico }
  /// The image in the checkout at `root` (Hardware/BOARD/board.json says where).
  public func image(in root: URL) -> URL {
    self == .microbit ? FirmwareImage.hex(in: root) : FirmwareImage.picoUF2(in: root)
  }
  /// The name the firmware reports in its handshake.
  public var handshakeName: StaticString { self == .microbit ? "microbit-v1" : "pico" }
  /// The board's name in messages.
  public var displayName: String { self == .microbit ? "micro:bit" : "Pico" }
  /// Whether `port` is this board's serial port.
  public func owns(_ port: PortInfo) -> Bool { self == .microbit ? port.isMicrobit : port.isForcePickerPico }
}

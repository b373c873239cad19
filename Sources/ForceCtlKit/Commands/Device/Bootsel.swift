import ArgumentParser
import ForceDevice
import ForceProtocol

extension ForceCtl {
  /// `forcectl bootsel`: reboot a Pico into its USB bootloader, as holding BOOTSEL does.
  public struct Bootsel: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Reboot a Pico into its USB bootloader (BOOTSEL mode), without the button.",
      discussion: """
        Sends the `bootsel` request: the board answers, then its boot ROM reboots it into \
        BOOTSEL mode, as if BOOTSEL were held while plugging it in. Its serial port goes \
        away and the RPI-RP2 drive appears, which takes a .uf2 (`forcectl flash --board \
        pico`). Only a Pico can: a micro:bit's USB port belongs to its interface chip, and \
        SITL and QEMU have no bootloader. The 1200-baud touch does the same on the Pico's \
        USB port without forcectl: stty -F /dev/ttyACM0 1200.
        """
    )

    @OptionGroup public var device: DeviceOptions

    public init() {}

    public func run() throws {
      let client = try device.connect()
      defer { client.close() }
      if let info = client.info, !info.capabilities.contains(.bootloader) {
        let board = info.boardName
        throw CLIError(
          "\(device.port): the \(board) board (firmware \(info.firmwareVersion)) cannot reboot into a bootloader; "
            + (board == "pico"
              ? "its firmware is older than `bootsel`: hold BOOTSEL while plugging it in"
              : "only a Pico can (a micro:bit is flashed through its MICROBIT drive: forcectl flash)"))
      }
      do {
        _ = try client.request(.bootsel)
      } catch {
        throw CLIError(error.description)
      }
      print("\(device.port): rebooting into BOOTSEL mode; the RPI-RP2 drive appears in a few seconds")
    }
  }
}

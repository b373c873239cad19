import ForceFirmware

/// The UART build (`Tools/build-firmware --board pico --serial uart`): the firmware
/// of `app/` with UART0 for its serial port (`PicoUARTSerial`).
nonisolated(unsafe) var firmware = FirmwareApp(board: PicoBoard<PicoUARTSerial>())

/// Firmware entry, called by Reset_Handler (startup.c) once .data and .bss are set up.
@main
struct PicoUARTMain {
  static func main() {
    firmware.run()
  }
}

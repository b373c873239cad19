import ForceFirmware

/// The firmware, in .bss rather than on the stack (as on the micro:bit): its RAM is
/// counted once in the budget, and the stack only holds the deepest request path.
nonisolated(unsafe) var firmware = FirmwareApp(board: PicoBoard<PicoUSBSerial>())

/// Firmware entry for the Raspberry Pi Pico, called by Reset_Handler (startup.c)
/// once .data (with the RAM-resident flash routines) and .bss are set up.
@main
struct PicoMain {
  static func main() {
    firmware.run()
  }
}

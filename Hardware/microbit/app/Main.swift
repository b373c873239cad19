import ForceFirmware

/// The firmware, in .bss rather than on the stack: its 2.4 KB (engine, parameters,
/// frame decoder, transmit queue) are then counted once in the RAM budget, and the
/// stack only has to hold the deepest request path (see microbit.ld).
/// Booted in `main`, on the global in place (see `FirmwareApp.init(unbooted:)`).
nonisolated(unsafe) var firmware = FirmwareApp(unbooted: MicrobitBoard<ADC>())

/// Firmware entry for the micro:bit v1, called by Reset_Handler (startup.c) once
/// .data and .bss are set up.
@main
struct MicrobitMain {
  static func main() {
    firmware.boot()
    firmware.run()
  }
}

import ForceFirmware

/// The emulator's image (`Tools/build-firmware --adc gesture`): the firmware of
/// `app/` with the benchmark gesture for cells (`GestureCells`), as QEMU has no ADC.
nonisolated(unsafe) var firmware = FirmwareApp(unbooted: MicrobitBoard<GestureCells>())

/// Firmware entry, called by Reset_Handler (startup.c) once .data and .bss are set up.
@main
struct MicrobitGestureMain {
  static func main() {
    firmware.boot()
    firmware.run()
  }
}

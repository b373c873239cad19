import ArgumentParser
import ForceDevice
import ForceLink
import Foundation

extension ForceCtl {
  /// `forcectl emulate`: the micro:bit image in QEMU.
  public struct Emulate: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "Build the firmware if needed and boot it in QEMU (-M microbit), its UART on TCP.")

    @Option(help: "TCP port for the emulated UART.") public var port: Int = 5761
    @Flag(help: "Deterministic virtual time (-icount shift=0): bench ticks count instructions.")
    public var icount = false
    @Flag(
      help:
        "Boot the emulator image whose ADC plays the benchmark gesture (Tools/build-firmware --adc gesture): a live signal for monitor, record and calibrate (QEMU's micro:bit has no ADC)."
    )
    public var gesture = false

    public init() {}

    public func validate() throws {
      guard (1...65_535).contains(port) else { throw ValidationError("--port must be 1...65535") }
    }

    public func run() throws {
      if let reason = TCPPortProbe.failure(port: port) {
        throw CLIError(
          "cannot serve the emulated UART on 127.0.0.1:\(port): \(reason) (an emulator or SITL already running there? `forcectl info --port tcp://127.0.0.1:\(port)` asks it); stop it, or give another --port"
        )
      }
      guard let root = RepositoryRoot.find() else {
        throw CLIError("run this from the ForcePicker repository (it needs Tools/build-firmware)")
      }
      let image: URL
      let qemu: URL
      do {
        image = try FirmwareImage.built(in: root, image: gesture ? "app --adc gesture" : "app") { print($0) }
        qemu = try QEMU.locate()
      } catch {
        throw CLIError(error.description)
      }
      print(
        "emulate: micro:bit UART on tcp 127.0.0.1:\(port) (image \(image.path)\(icount ? ", icount shift=0" : "")\(gesture ? ", its ADC playing the benchmark gesture" : ""))"
      )
      fflush(nil)
      try ReplaceProcess.exec(qemu.path, QEMU.arguments(image: image.path, uartPort: port, icount: icount))
    }
  }
}

import ArgumentParser
import ForceDevice
import ForceLink
import Foundation

extension ForceCtl {
  /// `forcectl emulate`: a board's firmware in its emulator, the micro:bit image in QEMU
  /// or the Pico's in the RP2040 emulator. The one front door: `Tools/emulate` runs it.
  public struct Emulate: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "emulate",
      abstract:
        "Boot the firmware in its emulator, its serial port on TCP: the micro:bit's in QEMU (built if needed), or the Pico's.",
      discussion: """
        With --board pico, the Pico's image in the RP2040 emulator instead \
        (Tests/Emulators/pico-emulator.py; the arguments after -- are its own, see its --help): \
        the USB build's CDC-ACM port on 5763, the UART build's UART0 on 5762. The arguments after -- \
        go to QEMU for the micro:bit.
        """)

    @Option(help: ArgumentHelp("The board: microbit or pico.", valueName: "BOARD"))
    public var board: FlashBoard = .microbit
    @Option(help: "TCP port for the emulated UART.") public var port: Int = 5761
    @Flag(help: "Deterministic virtual time (-icount shift=0): bench ticks count instructions.")
    public var icount = false
    @Flag(
      help:
        "Boot the emulator image whose ADC plays the benchmark gesture (Tools/build-firmware --adc gesture): a live signal for monitor, record and calibrate (QEMU's micro:bit has no ADC)."
    )
    public var gesture = false
    @Option(help: ArgumentHelp("Also serve QEMU's GDB stub on 127.0.0.1:PORT.", valueName: "PORT"))
    public var gdb: Int?
    @Option(help: ArgumentHelp("The image to boot (default: the one Tools/build-firmware builds).", valueName: "ELF"))
    public var image: String?
    @Argument(parsing: .postTerminator, help: ArgumentHelp("Arguments for the emulator itself.", valueName: "ARG"))
    public var emulatorArguments: [String] = []

    public init() {}

    public func validate() throws {
      guard (1...65_535).contains(port) else { throw ValidationError("--port must be 1...65535") }
      if let gdb, !(1...65_535).contains(gdb) { throw ValidationError("--gdb must be 1...65535") }
      if board == .pico && (icount || gesture || gdb != nil || image != nil || port != 5761) {
        throw ValidationError(
          "--port, --icount, --gesture, --gdb and --image are the micro:bit's; give the Pico emulator its own after --")
      }
      if gesture && image != nil { throw ValidationError("--gesture picks an image: give --gesture or --image") }
    }

    public func run() throws {
      guard let root = RepositoryRoot.find() else {
        throw CLIError("run this from the ForcePicker repository (it needs Tools/build-firmware)")
      }
      if board == .pico { try runPico(root) }
      if let reason = TCPPortProbe.failure(port: port) {
        throw CLIError(
          "cannot serve the emulated UART on 127.0.0.1:\(port): \(reason) (an emulator or SITL already running there? `forcectl info --port tcp://127.0.0.1:\(port)` asks it); stop it, or give another --port"
        )
      }
      let elf: URL
      let qemu: URL
      do throws(DeviceError) {
        if let image {
          elf = URL(fileURLWithPath: image)
          guard FileManager.default.fileExists(atPath: elf.path) else { throw DeviceError.host("no image at \(image)") }
        } else {
          elf = try FirmwareImage.built(in: root, image: gesture ? "app --adc gesture" : "app") { print($0) }
        }
        qemu = try QEMU.locate()
      } catch {
        throw CLIError(error.description)
      }
      print(
        "emulate: micro:bit UART on tcp 127.0.0.1:\(port) (image \(elf.path)\(icount ? ", icount shift=0" : "")\(gesture ? ", its ADC playing the benchmark gesture" : ""))"
      )
      fflush(nil)
      let arguments = QEMU.arguments(image: elf.path, uartPort: port, icount: icount, gdbPort: gdb)
      try ReplaceProcess.exec(qemu.path, arguments + emulatorArguments)
    }

    /// The Pico's image in the RP2040 emulator, which builds nothing: its UF2 must be
    /// built (`Tools/build-firmware --board pico`).
    func runPico(_ root: URL) throws -> Never {
      guard let python = HostTool.which("python3") else {
        throw CLIError("python3 not found: the Pico emulator needs it")
      }
      let script = root.appendingPathComponent("Tests/Emulators/pico-emulator.py")
      fflush(nil)
      try ReplaceProcess.exec(python.path, [script.path] + emulatorArguments)
    }
  }
}

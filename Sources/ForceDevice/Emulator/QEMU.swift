import Foundation

/// The emulator command line for the micro:bit image on the host side; the shell
/// scripts read it from `Hardware/microbit/board.json` (`emulator`), and a test keeps
/// the two equal.
public enum QEMU {
  /// The emulator's executable name.
  public static let executable = "qemu-system-arm"
  /// The BBC micro:bit v1 model, headless.
  public static let machineArguments = ["-M", "microbit", "-display", "none", "-monitor", "none"]
  /// `-icount shift=6`: one instruction every 64 ns, close to one cycle of the
  /// micro:bit's 16 MHz Cortex-M0 (62.5 ns), so virtual time approximates the board's.
  public static let cycleShift = 6

  /// Boots `image` with the UART served on 127.0.0.1:`uartPort` (one client at a
  /// time, not waiting for one). `icount`: deterministic virtual time (one
  /// instruction each 2^`icountShift` ns: 1 ns by default, `cycleShift` for about a
  /// 16 MHz cycle); `gdbPort`: also serve the GDB stub.
  public static func arguments(
    image: String, uartPort: Int, icount: Bool = false, icountShift: Int = 0, gdbPort: Int? = nil
  ) -> [String] {
    var arguments =
      machineArguments + ["-kernel", image, "-serial", "tcp:127.0.0.1:\(uartPort),server=on,wait=off"]
    if icount { arguments += ["-icount", "shift=\(icountShift)"] }
    if let gdbPort { arguments += ["-gdb", "tcp:127.0.0.1:\(gdbPort)"] }
    return arguments
  }

  /// The emulator on PATH, or an error that says how to install it.
  public static func locate() throws(DeviceError) -> URL {
    guard let qemu = HostTool.which(executable) else {
      throw .host(
        "\(executable) not found: install it (Debian/Ubuntu: sudo apt-get install \(executable)), or use --sitl")
    }
    return qemu
  }
}

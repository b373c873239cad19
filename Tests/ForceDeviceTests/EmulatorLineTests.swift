import ForceDevice
import Foundation
import Testing

/// The image path and the emulator command line have one home on each side: the
/// host code (`FirmwareImage`, `QEMU`) and the shell scripts (`Tools/lib/firmware.sh`).
/// These keep the two the same.
@Suite struct EmulatorLineTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `NAME=VALUE` and `NAME=(WORDS)` assignments of the shell file, quotes removed.
  static func shellVariables() throws -> [String: [String]] {
    let text = try String(contentsOf: root.appendingPathComponent("Tools/lib/firmware.sh"), encoding: .utf8)
    var variables: [String: [String]] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      let name = String(line[..<equals])
      var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      if value.hasPrefix("(") && value.hasSuffix(")") {
        variables[name] = value.dropFirst().dropLast().split(separator: " ").map(String.init)
      } else {
        value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        variables[name] = [value]
      }
    }
    return variables
  }

  @Test func shellScriptsAndHostAgreeOnTheImage() throws {
    let shell = try Self.shellVariables()
    #expect(shell["FIRMWARE_DIR"] == [FirmwareImage.directory])
    #expect(shell["FIRMWARE_IMAGE"] == [FirmwareImage.name])
    #expect(FirmwareImage.elfPath == ".build-firmware/microbit/forcepicker-microbit.elf")
    #expect(FirmwareImage.hex(in: Self.root).path.hasSuffix("/.build-firmware/microbit/forcepicker-microbit.hex"))
  }

  @Test func shellScriptsAndHostAgreeOnTheEmulator() throws {
    let shell = try Self.shellVariables()
    #expect(shell["QEMU_MACHINE_ARGS"] == QEMU.machineArguments)
    #expect(shell["QEMU"] == ["${QEMU:-\(QEMU.executable)}"])
  }

  @Test func emulatorLineServesTheUARTOnTheGivenPort() {
    #expect(
      QEMU.arguments(image: "fw.elf", uartPort: 5761, icount: true, gdbPort: 1234) == [
        "-M", "microbit", "-display", "none", "-monitor", "none", "-kernel", "fw.elf",
        "-serial", "tcp:127.0.0.1:5761,server=on,wait=off", "-icount", "shift=0", "-gdb", "tcp:127.0.0.1:1234",
      ])
    #expect(!QEMU.arguments(image: "fw.elf", uartPort: 1).contains("-icount"))
  }
}

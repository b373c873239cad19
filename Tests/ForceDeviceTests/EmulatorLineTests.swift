import ForceDevice
import Foundation
import Testing

/// The image paths and the emulator command line have one home, the board's build
/// facts (`Hardware/BOARD/board.json`), which the build, the shell scripts
/// (`Tools/lib/build_facts.py`) and `FirmwareImage` read. `QEMU` keeps the host's
/// command line; these keep it equal to the board file's.
@Suite struct EmulatorLineTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func boardFacts(_ board: String) throws -> [String: Any] {
    let data = try Data(contentsOf: root.appendingPathComponent("Hardware/\(board)/board.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func imagePathsComeFromTheBoardFiles() {
    #expect(FirmwareImage.elf(in: Self.root).path.hasSuffix("/.build-firmware/microbit/forcepicker-microbit.elf"))
    #expect(FirmwareImage.hex(in: Self.root).path.hasSuffix("/.build-firmware/microbit/forcepicker-microbit.hex"))
    #expect(FirmwareImage.picoUF2(in: Self.root).path.hasSuffix("/.build-firmware/pico/forcepicker-pico.uf2"))
    #expect(
      FirmwareImage.base(image: "app --adc gesture", in: Self.root)
        == ".build-firmware/microbit-gesture/forcepicker-microbit")
    #expect(FirmwareImage.base(image: "no such image", in: Self.root) == nil)
  }

  @Test func hostAndBoardFileAgreeOnTheEmulator() throws {
    let emulator = try #require(try Self.boardFacts("microbit")["emulator"] as? [String: Any])
    #expect(emulator["qemu"] as? [String] == [QEMU.executable] + QEMU.machineArguments)
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

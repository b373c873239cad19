import Foundation

/// Where `Tools/build-firmware` puts the micro:bit image: the one place the host
/// side names it. (`Tools/lib/firmware.sh` is the shell scripts' copy; a test keeps
/// the two equal.)
public enum FirmwareImage {
  /// The output directory, relative to the repository root.
  public static let directory = ".build-firmware/microbit"
  /// The image's base name.
  public static let name = "forcepicker-microbit"

  /// `.build-firmware/microbit/forcepicker-microbit.elf`: what QEMU boots.
  public static var elfPath: String { "\(directory)/\(name).elf" }
  /// `.build-firmware/microbit/forcepicker-microbit.hex`: what the MICROBIT drive takes.
  public static var hexPath: String { "\(directory)/\(name).hex" }

  /// `.build-firmware/pico/forcepicker-pico.uf2`: what the Pico's RPI-RP2 drive takes
  /// (`Tools/build-firmware --board pico`).
  public static let picoUF2Path = ".build-firmware/pico/forcepicker-pico.uf2"

  /// The ELF image in the checkout at `root`.
  public static func elf(in root: URL) -> URL { root.appendingPathComponent(elfPath) }
  /// The Intel HEX image in the checkout at `root`.
  public static func hex(in root: URL) -> URL { root.appendingPathComponent(hexPath) }

  /// The ELF image, built with `Tools/build-firmware` first if it is missing.
  public static func built(in root: URL, say: (String) -> Void) throws(DeviceError) -> URL {
    let elf = elf(in: root)
    if FileManager.default.fileExists(atPath: elf.path) { return elf }
    say("== building the firmware (Tools/build-firmware)")
    try HostTool.run(root.appendingPathComponent("Tools/build-firmware").path, [], in: root)
    guard FileManager.default.fileExists(atPath: elf.path) else {
      throw .host("Tools/build-firmware finished but \(elf.path) is missing")
    }
    return elf
  }
}

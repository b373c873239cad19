import Foundation

/// Where `Tools/build-firmware` puts a board's image: read from the board's build
/// facts, `Hardware/BOARD/board.json` (its `images`: each one's output directory and
/// base name), the file the build and the shell scripts read too.
public enum FirmwareImage {
  /// The image `Tools/build-firmware --board BOARD` writes (`image`: `app`, or e.g.
  /// `app --adc gesture`), relative to the checkout's root and without an extension;
  /// nil when the board file does not have it.
  public static func base(board: String = "microbit", image: String = "app", in root: URL) -> String? {
    let file = root.appendingPathComponent("Hardware/\(board)/board.json")
    guard let data = try? Data(contentsOf: file),
      let facts = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let spec = (facts["images"] as? [String: Any])?[image] as? [String: Any],
      let directory = spec["out"] as? String,
      let name = spec["image"] as? String ?? facts["image"] as? String
    else { return nil }
    return "\(directory)/\(name)"
  }

  /// The image's file with extension `kind` (`elf`, `hex`, `uf2`) in the checkout at
  /// `root`; a path that does not exist when the board file does not name it.
  public static func file(
    _ kind: String, board: String = "microbit", image: String = "app", in root: URL
  ) -> URL {
    root.appendingPathComponent(
      "\(base(board: board, image: image, in: root) ?? "Hardware/\(board)/board.json has no image \(image)").\(kind)")
  }

  /// The micro:bit's ELF image: what QEMU boots.
  public static func elf(in root: URL) -> URL { file("elf", in: root) }
  /// The micro:bit's Intel HEX image: what the MICROBIT drive takes.
  public static func hex(in root: URL) -> URL { file("hex", in: root) }
  /// The Pico's UF2 image: what the RPI-RP2 drive takes (`Tools/build-firmware --board pico`).
  public static func picoUF2(in root: URL) -> URL { file("uf2", board: "pico", in: root) }

  /// The micro:bit's ELF image `image` (`app`, or `app --adc gesture`: the emulator
  /// image whose ADC plays the benchmark gesture), built with `Tools/build-firmware`
  /// first if it is missing.
  public static func built(in root: URL, image: String = "app", say: (String) -> Void) throws(DeviceError) -> URL {
    let elf = file("elf", image: image, in: root)
    if FileManager.default.fileExists(atPath: elf.path) { return elf }
    let options = image.split(separator: " ").dropFirst().map(String.init)  // `app --adc gesture`: the options
    say("== building the firmware (Tools/build-firmware\(options.map { " " + $0 }.joined()))")
    try HostTool.run(root.appendingPathComponent("Tools/build-firmware").path, options, in: root)
    guard FileManager.default.fileExists(atPath: elf.path) else {
      throw .host("Tools/build-firmware finished but \(elf.path) is missing")
    }
    return elf
  }
}

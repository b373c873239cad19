import ForceTrace
import Foundation

/// A board's USB drive: copying the firmware image onto it flashes the board. The
/// micro:bit's interface chip (DAPLink) mounts MICROBIT and takes an Intel HEX file;
/// the Pico's boot ROM (BOOTSEL held at power-up) mounts RPI-RP2 and takes a UF2.
public struct BoardDrive: Sendable {
  /// The volume label, e.g. "MICROBIT".
  public let label: String
  /// What the image file is called in messages, e.g. "Intel HEX".
  public let format: String
  /// The bytes every image of that format starts with.
  let magic: [UInt8]
  /// How to put the board into its drive mode, for the "no drive" message.
  public let hint: String
  /// A file every mounted drive of this board holds (the Pico boot ROM's
  /// `INFO_UF2.TXT`), so an empty mount point left behind is not taken for the drive;
  /// nil: any directory of that name will do.
  public var marker: String? = nil

  /// The BBC micro:bit's DAPLink drive.
  public static let microbit = BoardDrive(
    label: "MICROBIT", format: "Intel HEX", magic: Array(":".utf8), hint: "plug the board in")
  /// The Raspberry Pi Pico's boot ROM drive: UF2 blocks start with "UF2\n".
  public static let pico = BoardDrive(
    label: "RPI-RP2", format: "UF2", magic: [0x55, 0x46, 0x32, 0x0A], hint: "hold BOOTSEL while plugging the Pico in",
    marker: "INFO_UF2.TXT")

  /// Where desktops and fstab usually mount it.
  public var patterns: [String] { ["/media/*/\(label)", "/run/media/*/\(label)", "/mnt/\(label)", "/media/\(label)"] }

  /// Mounted drives with this label matching `patterns` (globs; the usual mount points by default).
  public func find(patterns: [String]? = nil) -> [String] {
    var found: [String] = []
    for pattern in patterns ?? self.patterns {
      var result = glob_t()
      defer { globfree(&result) }
      guard glob(pattern, 0, nil, &result) == 0 else { continue }
      for index in 0..<Int(result.gl_pathc) {
        if let pointer = result.gl_pathv[index], isMounted(String(cString: pointer)) {
          found.append(String(cString: pointer))
        }
      }
    }
    return found
  }

  /// Whether `path` is this board's drive, mounted: a directory, holding `marker`.
  public func isMounted(_ path: String) -> Bool {
    BoardDrive.isDirectory(path)
      && (marker.map { FileManager.default.fileExists(atPath: path + "/" + $0) } ?? true)
  }

  static func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
  }

  /// Copies `image` onto `drive`, synced to disk, and returns the destination path.
  public func copy(image: String, to drive: String) throws(DeviceError) -> String {
    guard BoardDrive.isDirectory(drive) else {
      throw DeviceError.host("\(drive) is not a mounted drive (directory); \(hint) and check the mount point")
    }
    let data: Data
    do { data = try Data(contentsOf: URL(fileURLWithPath: image)) } catch {
      throw DeviceError.host("cannot read \(image): \(ErrorReason.text(error)) (build it with Tools/build-firmware)")
    }
    guard data.starts(with: magic) else { throw DeviceError.host("\(image) is not a \(format) file") }
    let destination = URL(fileURLWithPath: drive).appendingPathComponent(URL(fileURLWithPath: image).lastPathComponent)
      .path
    let fd = open(destination, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw DeviceError.host("cannot write \(destination): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    let ok = data.withUnsafeBytes { raw -> Bool in
      var offset = 0
      while offset < raw.count {
        let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
        if written <= 0 { return false }
        offset += written
      }
      return true
    }
    guard ok, fsync(fd) == 0 else {
      throw DeviceError.host("writing \(destination) failed: \(String(cString: strerror(errno)))")
    }
    return destination
  }
}

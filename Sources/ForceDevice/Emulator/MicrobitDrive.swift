import Foundation

/// The micro:bit's USB drive (DAPLink MSC): copying a .hex onto it flashes the board.
public enum MicrobitDrive {
  /// Where desktops and fstab usually mount it.
  public static let patterns = ["/media/*/MICROBIT", "/run/media/*/MICROBIT", "/mnt/MICROBIT", "/media/MICROBIT"]

  /// Mounted MICROBIT drives under `roots` (globs relative to "/" by default).
  public static func find(patterns: [String] = MicrobitDrive.patterns) -> [String] {
    var found: [String] = []
    for pattern in patterns {
      var result = glob_t()
      defer { globfree(&result) }
      guard glob(pattern, 0, nil, &result) == 0 else { continue }
      for index in 0..<Int(result.gl_pathc) {
        if let pointer = result.gl_pathv[index], isDirectory(String(cString: pointer)) {
          found.append(String(cString: pointer))
        }
      }
    }
    return found
  }

  static func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
  }

  /// Copies `hex` onto `drive`, synced to disk, and returns the destination path.
  public static func copy(hex: String, to drive: String) throws(DeviceError) -> String {
    guard isDirectory(drive) else {
      throw DeviceError.host(
        "\(drive) is not a mounted drive (directory); plug the micro:bit in and check the mount point")
    }
    let data: Data
    do { data = try Data(contentsOf: URL(fileURLWithPath: hex)) } catch {
      throw DeviceError.host("cannot read \(hex): \(error.localizedDescription) (build it with Tools/build-firmware)")
    }
    guard data.starts(with: Array(":".utf8)) else { throw DeviceError.host("\(hex) is not an Intel HEX file") }
    let destination = URL(fileURLWithPath: drive).appendingPathComponent(URL(fileURLWithPath: hex).lastPathComponent)
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

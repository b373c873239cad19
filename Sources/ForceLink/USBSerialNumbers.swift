#if canImport(Glibc)
  import Glibc
#endif

/// The USB serial numbers of the serial ports, as Linux's sysfs gives them: for each
/// tty in `class/tty`, its `device` link leads to the USB interface (`cdc_acm`'s
/// ttyACM*) or to a port below it (a USB serial adapter's ttyUSB*); the USB device
/// above holds `idVendor` and the `serial` attribute (the iSerialNumber string). A tty
/// that is not on USB, or whose device has no serial number, has none.
///
/// `--port serial:NUMBER` finds its tty here (`PortAddress.usbSerial`), and
/// `forcectl ports` fills in a serial number libserialport did not report.
public struct USBSerialNumbers: Sendable {
  /// Where sysfs is mounted (`/sys`; a test's fake tree).
  public var sysfs: String
  /// Where the ttys' device nodes are (`/dev`).
  public var devices: String

  /// The serial numbers under `sysfs`, for device nodes in `devices`.
  public init(sysfs: String = "/sys", devices: String = "/dev") {
    self.sysfs = sysfs
    self.devices = devices
  }

  /// Every tty with a USB serial number, sorted by its device path.
  public func all() -> [(port: String, serialNumber: String)] {
    let classDirectory = sysfs + "/class/tty"
    guard let directory = opendir(classDirectory) else { return [] }
    defer { closedir(directory) }
    var found: [(port: String, serialNumber: String)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix("."), let serial = serialNumber(ofTTYAt: classDirectory + "/" + name) else { continue }
      found.append((devices + "/" + name, serial))
    }
    return found.sorted { $0.port < $1.port }
  }

  /// The serial number of the tty, or nil.
  public func serialNumber(ofTTY name: String) -> String? {
    serialNumber(ofTTYAt: sysfs + "/class/tty/" + name)
  }

  /// The device path of the port whose USB serial number is `number` (compared without
  /// regard to case: hex digits are written either way). Throws `noSerialNumber`
  /// naming the number and the serial numbers found when none has it, or when several
  /// ttys do (a device with two serial ports): then only a path says which.
  public func port(for number: String) throws(LinkError) -> String {
    let all = all()
    let matching = all.filter { $0.serialNumber.uppercased() == number.uppercased() }
    if matching.count == 1 { return matching[0].port }
    if matching.count > 1 {
      throw .noSerialNumber(
        "serial:\(number) names \(matching.count) ports (\(matching.map(\.port).joined(separator: ", "))), one device's: give the one you mean with --port PATH"
      )
    }
    let listed =
      all.isEmpty
      ? "no USB serial port with a serial number is connected"
      : "found " + all.map { "\($0.serialNumber) (\($0.port))" }.joined(separator: ", ")
    throw .noSerialNumber(
      "no serial port has the USB serial number \(number): \(listed); `forcectl ports` lists what is connected")
  }

  /// The `serial` attribute of the USB device above the tty's class directory.
  func serialNumber(ofTTYAt path: String) -> String? {
    guard var directory = USBSerialNumbers.resolved(path + "/device") else { return nil }
    // The interface (ttyACM), or the port below it (ttyUSB): the device is at most
    // three levels up.
    for _ in 0..<4 {
      if USBSerialNumbers.read(directory + "/idVendor") != nil {
        guard let serial = USBSerialNumbers.read(directory + "/serial"), !serial.isEmpty else { return nil }
        return serial
      }
      guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { return nil }
      directory = String(directory[..<slash])
    }
    return nil
  }

  /// The path with every symbolic link resolved, or nil when it does not exist.
  static func resolved(_ path: String) -> String? {
    guard let full = realpath(path, nil) else { return nil }
    defer { free(full) }
    return String(cString: full)
  }

  /// A small sysfs attribute's text without its line end, or nil when unreadable.
  static func read(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 256)
    let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
    guard count >= 0 else { return nil }
    var text = String(decoding: bytes[0..<count], as: UTF8.self)
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return text
  }
}

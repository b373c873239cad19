/// Where to find a device: a serial device path, `serial:NUMBER` (the serial port of
/// the USB device with that serial number) or a `tcp://HOST:PORT` address.
public enum PortAddress: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// A serial device such as `/dev/ttyACM0`.
  case serial(path: String)
  /// The serial port of the USB device whose serial number is `number`, found when it
  /// is opened (`USBSerialNumbers`): a Pico's is its flash chip's unique ID.
  case usbSerial(number: String)
  /// A TCP endpoint: QEMU's serial chardev or a host build of the firmware.
  case tcp(host: String, port: UInt16)

  /// Parses `tcp://HOST:PORT` (IPv6 hosts in brackets: `tcp://[::1]:5760`),
  /// `serial:NUMBER` or a serial path.
  ///
  /// A bare serial device name (`ttyACM0`, `cu.usbmodem1102`, `rfcomm0`: a name
  /// starting `tty`, `cu.` or `rfcomm`) means that device in `/dev`; any other path,
  /// `somefile` included, is taken as given (relative to the current directory).
  public init(parsing text: String) throws(LinkError) {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty else {
      throw .invalidAddress(
        "empty port address: give a serial device such as /dev/ttyACM0, or tcp://HOST:PORT")
    }
    if trimmed.lowercased().hasPrefix(PortAddress.serialNumberPrefix) {
      let number = String(trimmed.dropFirst(PortAddress.serialNumberPrefix.count))
      guard !number.isEmpty, number.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "/" && $0 != ":" }) else {
        throw .invalidAddress(
          "\"\(trimmed)\" is not a USB serial number: give serial:NUMBER as `forcectl ports` lists it (SERIAL), e.g. serial:E66138935F4A2B2C"
        )
      }
      self = .usbSerial(number: number)
    } else if let separator = trimmed.firstRange(of: "://") {
      let scheme = trimmed[..<separator.lowerBound].lowercased()
      guard scheme == "tcp" else {
        throw .invalidAddress(
          "unsupported address scheme \"\(scheme)\": give a serial device such as /dev/ttyACM0, or tcp://HOST:PORT"
        )
      }
      self = try PortAddress.parseTCP(String(trimmed[separator.upperBound...]))
    } else if let colon = trimmed.lastIndex(of: ":"), !trimmed.contains("/"),
      trimmed[trimmed.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber }),
      colon != trimmed.index(before: trimmed.endIndex)
    {
      throw .invalidAddress(
        "\"\(trimmed)\" looks like HOST:PORT, not a serial device: did you mean tcp://\(trimmed)?")
    } else if PortAddress.deviceNamePrefixes.contains(where: trimmed.hasPrefix) && !trimmed.contains("/") {
      self = .serial(path: "/dev/" + trimmed)
    } else {
      self = .serial(path: trimmed)
    }
  }

  /// What starts a USB serial number address.
  static let serialNumberPrefix = "serial:"

  /// How the names of serial devices in `/dev` begin (Linux, macOS, Bluetooth).
  static let deviceNamePrefixes = ["tty", "cu.", "rfcomm"]

  /// `tcp://host:port` (IPv6 in brackets) or the serial path.
  public var description: String {
    switch self {
    case .serial(let path): path
    case .usbSerial(let number): "serial:\(number)"
    case .tcp(let host, let port): "tcp://\(PortAddress.hostPort(host, port))"
    }
  }

  /// `host:port`, with IPv6 hosts in brackets.
  static func hostPort(_ host: String, _ port: UInt16) -> String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  private static func parseTCP(_ rest: String) throws(LinkError) -> PortAddress {
    let needsPort = LinkError.invalidAddress("tcp address needs a port: tcp://HOST:PORT")
    let host: Substring
    let portText: Substring
    if rest.hasPrefix("[") {
      guard let close = rest.firstIndex(of: "]") else {
        throw .invalidAddress("unclosed [ in tcp address: write IPv6 hosts as tcp://[::1]:PORT")
      }
      host = rest[rest.index(after: rest.startIndex)..<close]
      let afterHost = rest[rest.index(after: close)...]
      guard afterHost.hasPrefix(":") else { throw needsPort }
      portText = afterHost.dropFirst()
    } else {
      guard let colon = rest.lastIndex(of: ":") else { throw needsPort }
      host = rest[..<colon]
      if host.contains(":") {
        throw .invalidAddress("put IPv6 hosts in brackets: tcp://[::1]:PORT")
      }
      portText = rest[rest.index(after: colon)...]
    }
    guard !host.isEmpty else { throw .invalidAddress("tcp address needs a host: tcp://HOST:PORT") }
    guard !portText.isEmpty else { throw needsPort }
    guard portText.allSatisfy({ $0.isASCII && $0.isNumber }), let port = UInt16(portText), port != 0
    else {
      throw .invalidAddress(
        "tcp port must be a number from 1 to 65535, not \"\(portText)\": tcp://HOST:PORT")
    }
    return .tcp(host: String(host), port: port)
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    var text = Substring(self)
    while let first = text.first, first.isWhitespace { text.removeFirst() }
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return String(text)
  }
}

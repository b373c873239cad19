#if canImport(Glibc)
  import Glibc
#endif

/// Why a connection to a device or emulator could not be made or was lost.
///
/// Every case renders (via `description`) as one line that says what went wrong
/// and what to do about it. Callers treat `.disconnected` as a normal end of a
/// session: exit cleanly and keep whatever data was recorded.
public enum LinkError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The port address could not be parsed; the payload is the full message.
  case invalidAddress(String)
  /// No device exists at this path.
  case noSuchPort(String)
  /// The path exists but is not a serial port libserialport can drive.
  case notASerialPort(String)
  /// The device exists but this user may not open it.
  case permissionDenied(String)
  /// Another process has the port open.
  case portBusy(String)
  /// The port rejected a setting, e.g. an unsupported baud rate.
  case unsupportedSetting(port: String, setting: String)
  /// Nothing accepts TCP connections at this address (`host:port`).
  case connectionRefused(address: String)
  /// The host name in a tcp:// address does not resolve.
  case hostNotFound(String)
  /// The network says the host cannot be reached.
  case unreachable(address: String, errno: Int32)
  /// The TCP connection was not established within the timeout.
  case connectTimedOut(address: String)
  /// The other end stopped accepting data for longer than the write timeout.
  case writeTimedOut(String)
  /// The device went away mid-session (unplugged, reset) or the peer closed the connection.
  case disconnected(String)
  /// The TCP peer (SITL or the QEMU bridge) closed the connection: it serves one client
  /// at a time and a newer one took over, or it stopped.
  case peerClosed(String)
  /// The transport was used after `close()`.
  case closed(String)
  /// Serial ports could not be enumerated.
  case enumerationFailed(String)
  /// No serial port has the USB serial number `serial:NUMBER` gave, or several do; the
  /// payload is the full message, naming the number and the serial numbers found.
  case noSerialNumber(String)
  /// Any other operating-system error: what was being done, on which port, and the errno.
  case system(operation: String, port: String, errno: Int32)

  public var description: String {
    switch self {
    case .invalidAddress(let message):
      message
    case .noSuchPort(let path):
      "no serial port \(path): is the board plugged in? `forcectl ports` lists what is connected"
    case .notASerialPort(let path):
      "\(path) is not a serial port: `forcectl ports` lists what is connected"
    case .permissionDenied(let path):
      "permission denied on \(path): add yourself to the dialout group: sudo usermod -aG dialout $USER, then log in again"
    case .portBusy(let path):
      "\(path) is busy: another program has it open (another forcectl, screen, minicom, a serial monitor or ModemManager); close it and try again"
    case .unsupportedSetting(let port, let setting):
      "\(port) does not support \(setting)"
    case .connectionRefused(let address):
      "nothing is listening on \(address): start `forcectl sitl` or `forcectl emulate`"
    case .hostNotFound(let host):
      "cannot resolve host \(host): check the address (tcp://HOST:PORT)"
    case .unreachable(let address, let code):
      "cannot reach \(address): \(LinkError.systemMessage(code)); check the address and the network"
    case .connectTimedOut(let address):
      "timed out connecting to \(address): is the emulator running, and is the address right?"
    case .writeTimedOut(let port):
      "timed out writing to \(port): the other end stopped accepting data (is the firmware or emulator running? try unplugging and replugging the board)"
    case .disconnected(let port):
      "lost connection to \(port): the device was unplugged or reset, or the emulator stopped"
    case .peerClosed(let port):
      "\(port) closed the connection: another client connected to the emulator (it serves one at a time, and the newest takes over), or the emulator stopped"
    case .closed(let port):
      "\(port) is already closed"
    case .enumerationFailed(let detail):
      "cannot list serial ports: \(detail)"
    case .noSerialNumber(let message):
      message
    case .system(let operation, let port, let code):
      "\(operation) \(port) failed: \(LinkError.systemMessage(code)) (errno \(code))"
    }
  }

  /// `strerror` text for an errno value.
  static func systemMessage(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}

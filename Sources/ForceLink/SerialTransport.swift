import CLibSerialPort

#if canImport(Glibc)
  import Glibc
#endif

/// A serial port opened with libserialport: 8 data bits, no parity, 1 stop bit, no flow control.
///
/// Opening takes an exclusive lock (`flock` plus `TIOCEXCL`), so a second forcectl, or any
/// cooperating program, gets `.portBusy` instead of silently sharing the byte stream.
public final class SerialTransport: Transport {
  /// The micro:bit firmware's UART speed.
  public static let defaultBaudRate = 115_200
  /// How long `write` waits for the device to accept data before `.writeTimedOut`.
  public static let defaultWriteTimeout: Duration = .seconds(2)

  /// The path as given, e.g. `/dev/ttyACM0` or a `/dev/serial/by-id/…` link.
  public let portName: String
  /// The configured speed.
  public let baudRate: Int
  private let writeTimeout: Duration
  private var port: OpaquePointer?
  private let io: FileDescriptorIO

  /// Opens and configures `path` (symlinks are followed), discarding stale input.
  public init(
    path: String,
    baudRate: Int = SerialTransport.defaultBaudRate,
    writeTimeout: Duration = SerialTransport.defaultWriteTimeout
  ) throws(LinkError) {
    guard baudRate > 0 else { throw .unsupportedSetting(port: path, setting: "\(baudRate) baud") }
    self.portName = path
    self.baudRate = baudRate
    self.writeTimeout = writeTimeout
    let port = try SerialTransport.openPort(path: path)
    do throws(LinkError) {
      let fd = try SerialTransport.lock(port, path: path)
      try SerialTransport.configure(port, path: path, baudRate: baudRate)
      _ = sp_flush(port, SP_BUF_INPUT)
      self.port = port
      self.io = FileDescriptorIO(fd: fd, portName: path, isSocket: false)
    } catch {
      sp_close(port)
      sp_free_port(port)
      throw error
    }
  }

  deinit { close() }

  public func write(_ bytes: [UInt8]) throws(LinkError) {
    guard port != nil else { throw .closed(portName) }
    try io.writeAll(bytes, timeout: writeTimeout)
  }

  public func read(into buffer: inout [UInt8], timeout: Duration) throws(LinkError) -> Int {
    guard port != nil else { throw .closed(portName) }
    return try io.read(into: &buffer, timeout: timeout)
  }

  public func close() {
    guard let port else { return }
    self.port = nil
    sp_close(port)
    sp_free_port(port)
  }

  // MARK: Opening

  private static func openPort(path: String) throws(LinkError) -> OpaquePointer {
    // libserialport 0.1.1 looks the name up in sysfs and rejects symlinks such as
    // /dev/serial/by-id/…, so resolve them first.
    guard let resolvedPointer = realpath(path, nil) else {
      throw LinkError(errno: errno, during: .open, port: path)
    }
    let resolved = String(cString: resolvedPointer)
    free(resolvedPointer)

    var port: OpaquePointer?
    let lookup = sp_get_port_by_name(resolved, &port)
    guard lookup == SP_OK, let port else {
      // 0.1.1 answers SP_ERR_ARG for anything that is not a tty it knows (/dev/null, files).
      if lookup == SP_ERR_FAIL {
        throw LinkError(errno: sp_last_error_code(), during: .open, port: path)
      }
      throw .notASerialPort(path)
    }
    let opened = sp_open(port, SP_MODE_READ_WRITE)
    guard opened == SP_OK else {
      let code = sp_last_error_code()
      sp_free_port(port)
      // SP_ERR_FAIL carries an errno; SP_ERR_ARG/SP_ERR_SUPP mean libserialport cannot drive it.
      if opened == SP_ERR_FAIL { throw LinkError(errno: code, during: .open, port: path) }
      throw .notASerialPort(path)
    }
    return port
  }

  /// Takes the exclusive lock; returns the (non-blocking) descriptor.
  private static func lock(_ port: OpaquePointer, path: String) throws(LinkError) -> Int32 {
    var fd: Int32 = -1
    guard sp_get_port_handle(port, &fd) == SP_OK, fd >= 0 else { throw .closed(path) }
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      throw code == EWOULDBLOCK
        ? .portBusy(path) : LinkError(errno: code, during: .open, port: path)
    }
    _ = forcelink_set_exclusive(fd)  // best effort: keeps non-cooperating programs out
    let flags = fcntl(fd, F_GETFL)
    if flags >= 0, flags & O_NONBLOCK == 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    return fd
  }

  private static func configure(_ port: OpaquePointer, path: String, baudRate: Int)
    throws(LinkError)
  {
    func check(_ result: sp_return, _ setting: String) throws(LinkError) {
      switch result {
      case SP_OK: return
      case SP_ERR_FAIL: throw LinkError(errno: sp_last_error_code(), during: .configure, port: path)
      default: throw .unsupportedSetting(port: path, setting: setting)
      }
    }
    guard let baud = Int32(exactly: baudRate) else {
      throw .unsupportedSetting(port: path, setting: "\(baudRate) baud")
    }
    try check(sp_set_baudrate(port, baud), "\(baudRate) baud")
    try check(sp_set_bits(port, 8), "8 data bits")
    try check(sp_set_parity(port, SP_PARITY_NONE), "no parity")
    try check(sp_set_stopbits(port, 1), "1 stop bit")
    try check(sp_set_flowcontrol(port, SP_FLOWCONTROL_NONE), "no flow control")
  }
}

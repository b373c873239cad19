#if canImport(Glibc)
  import Glibc
#endif

/// What a transport was doing when the operating system reported an error.
public enum LinkOperation: Sendable {
  /// Opening a serial device.
  case open
  /// Applying serial settings (baud, framing, flow control).
  case configure
  /// Connecting a TCP socket.
  case connect
  /// Reading from an open transport.
  case read
  /// Writing to an open transport.
  case write

  var verb: String {
    switch self {
    case .open: "opening"
    case .configure: "configuring"
    case .connect: "connecting to"
    case .read: "reading from"
    case .write: "writing to"
    }
  }
}

extension LinkError {
  /// Maps an errno (from a syscall or `sp_last_error_code()`) to the error a user can act on.
  ///
  /// - open: ENOENT/ENODEV/ENXIO → `.noSuchPort`, EACCES/EPERM → `.permissionDenied`,
  ///   EBUSY/EAGAIN → `.portBusy`, ENOTTY → `.notASerialPort`.
  /// - connect: ECONNREFUSED → `.connectionRefused`, ETIMEDOUT → `.connectTimedOut`,
  ///   EHOSTUNREACH/ENETUNREACH → `.unreachable`.
  /// - read/write: EIO/ENXIO/ENODEV/EPIPE/ECONNRESET/ENOTCONN/… → `.disconnected`,
  ///   EBADF → `.closed`.
  /// - anything else → `.system`.
  public init(errno code: Int32, during operation: LinkOperation, port: String) {
    switch (operation, code) {
    case (.open, ENOENT), (.open, ENODEV), (.open, ENXIO), (.open, ENOTDIR):
      self = .noSuchPort(port)
    case (.open, EACCES), (.open, EPERM), (.configure, EACCES), (.configure, EPERM):
      self = .permissionDenied(port)
    case (.open, EBUSY), (.open, EAGAIN), (.configure, EBUSY):
      self = .portBusy(port)
    case (.open, ENOTTY), (.configure, ENOTTY):
      self = .notASerialPort(port)
    case (.configure, EIO), (.configure, ENXIO), (.configure, ENODEV):
      self = .disconnected(port)
    case (.connect, ECONNREFUSED):
      self = .connectionRefused(address: port)
    case (.connect, ETIMEDOUT):
      self = .connectTimedOut(address: port)
    case (.connect, EHOSTUNREACH), (.connect, ENETUNREACH), (.connect, EADDRNOTAVAIL),
      (.connect, EHOSTDOWN), (.connect, ENETDOWN):
      self = .unreachable(address: port, errno: code)
    case (.read, EBADF), (.write, EBADF):
      self = .closed(port)
    case (.read, _), (.write, _):
      self =
        LinkError.isDisconnect(code)
        ? .disconnected(port) : .system(operation: operation.verb, port: port, errno: code)
    default:
      self = .system(operation: operation.verb, port: port, errno: code)
    }
  }

  /// Errors that mean the device or peer is gone for good.
  static func isDisconnect(_ code: Int32) -> Bool {
    switch code {
    case EIO, ENXIO, ENODEV, EPIPE, ECONNRESET, ENOTCONN, ESHUTDOWN, ECONNABORTED, ETIMEDOUT,
      EHOSTUNREACH,
      ENETUNREACH, ENETDOWN:
      true
    default:
      false
    }
  }
}

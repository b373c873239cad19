#if canImport(Glibc)
  import Glibc
#endif

/// A TCP connection to an emulator (QEMU's serial chardev) or a host build of the firmware.
///
/// Connects with a timeout, trying each address the host resolves to; sets TCP_NODELAY so
/// small protocol frames go out at once, and (Linux) TCP_QUICKACK after every read, so
/// that a peer that holds back a reply's second segment until the first is
/// acknowledged (QEMU's serial socket, with Nagle's algorithm on) is not kept waiting
/// for the host's delayed ACK: round trips show the device's latency, not 40 ms of
/// ours. The peer closing the connection is `.disconnected`.
public final class TCPTransport: Transport {
  /// How long `init` waits for the connection by default.
  public static let defaultConnectTimeout: Duration = .seconds(3)
  /// How long `write` waits for the peer to accept data before `.writeTimedOut`.
  public static let defaultWriteTimeout: Duration = .seconds(2)

  /// `host:port` (IPv6 hosts in brackets).
  public let portName: String
  private let writeTimeout: Duration
  private var fd: Int32
  private let io: FileDescriptorIO

  /// Connects to `host:port`.
  public init(
    host: String,
    port: UInt16,
    connectTimeout: Duration = TCPTransport.defaultConnectTimeout,
    writeTimeout: Duration = TCPTransport.defaultWriteTimeout
  ) throws(LinkError) {
    let name = PortAddress.hostPort(host, port)
    let fd = try TCPTransport.connect(host: host, port: port, name: name, timeout: connectTimeout)
    var one: Int32 = 1
    _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    TCPTransport.acknowledgeAtOnce(fd)
    self.portName = name
    self.writeTimeout = writeTimeout
    self.fd = fd
    self.io = FileDescriptorIO(fd: fd, portName: name, isSocket: true)
  }

  deinit { close() }

  public func write(_ bytes: [UInt8]) throws(LinkError) {
    guard fd >= 0 else { throw .closed(portName) }
    try io.writeAll(bytes, timeout: writeTimeout)
  }

  public func read(into buffer: inout [UInt8], timeout: Duration) throws(LinkError) -> Int {
    guard fd >= 0 else { throw .closed(portName) }
    let count = try io.read(into: &buffer, timeout: timeout)
    // The kernel leaves quick-ACK mode on its own: set it again after each read.
    if count > 0 { TCPTransport.acknowledgeAtOnce(fd) }
    return count
  }

  /// Asks Linux to acknowledge received data at once rather than delay the ACK
  /// (`TCP_QUICKACK`); nothing elsewhere.
  static func acknowledgeAtOnce(_ fd: Int32) {
    #if os(Linux)
      var one: Int32 = 1
      _ = setsockopt(fd, Int32(IPPROTO_TCP), Int32(TCP_QUICKACK), &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  public func close() {
    guard fd >= 0 else { return }
    _ = Glibc.close(fd)
    fd = -1
  }

  // MARK: Connecting

  private static func connect(host: String, port: UInt16, name: String, timeout: Duration)
    throws(LinkError) -> Int32
  {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    // No AI_ADDRCONFIG: glibc then hides 127.0.0.1 on hosts that only have loopback.
    hints.ai_flags = AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let list else {
      if status == EAI_SYSTEM { throw LinkError(errno: errno, during: .connect, port: name) }
      throw .hostNotFound(host)
    }
    defer { freeaddrinfo(list) }

    let deadline = ContinuousClock.now + timeout
    var failure = LinkError.hostNotFound(host)
    var entry: UnsafeMutablePointer<addrinfo>? = list
    while let info = entry?.pointee {
      entry = info.ai_next
      do throws(LinkError) {
        return try attempt(info, name: name, deadline: deadline)
      } catch {
        failure = error
        if case .connectTimedOut = error { break }
      }
    }
    throw failure
  }

  /// One non-blocking connect to one resolved address; returns the connected descriptor.
  private static func attempt(_ info: addrinfo, name: String, deadline: ContinuousClock.Instant)
    throws(LinkError) -> Int32
  {
    let fd = socket(
      info.ai_family,
      info.ai_socktype | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue),
      info.ai_protocol)
    guard fd >= 0 else { throw LinkError(errno: errno, during: .connect, port: name) }
    var code: Int32 = 0
    if Glibc.connect(fd, info.ai_addr, info.ai_addrlen) != 0 {
      code = errno
      if code == EINPROGRESS || code == EINTR {
        code = waitForConnect(fd, deadline: deadline)
      }
    }
    guard code == 0 else {
      _ = Glibc.close(fd)
      throw LinkError(errno: code, during: .connect, port: name)
    }
    return fd
  }

  /// Waits for a pending connect; returns its errno (0 when connected, ETIMEDOUT at the deadline).
  private static func waitForConnect(_ fd: Int32, deadline: ContinuousClock.Instant) -> Int32 {
    while true {
      var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      let ready = poll(&entry, 1, (deadline - ContinuousClock.now).pollMilliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if ready == 0 {
        if ContinuousClock.now >= deadline { return ETIMEDOUT }
        continue
      }
      var code: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return errno }
      return code
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a local TCP port can be listened on now: asked before a server starts
/// (`sitl`, `emulate`, `ui`), so that a busy port is reported as such, with the option
/// that picks another, before anything claims to be serving.
public enum TCPPortProbe {
  /// Nil when `host:port` (IPv4) can be bound now; otherwise why not, e.g. "address
  /// in use". Binds with `SO_REUSEADDR`, as the servers do, and closes at once.
  public static func failure(host: String = "127.0.0.1", port: Int) -> String? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }  // the server will say what is wrong
    defer { close(fd) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(truncatingIfNeeded: port).bigEndian
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound != 0 else { return nil }
    return errno == EADDRINUSE ? "address in use" : String(cString: strerror(errno))
  }
}

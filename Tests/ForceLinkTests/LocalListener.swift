import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP listener on 127.0.0.1 with an ephemeral port, for tests.
final class LocalListener: @unchecked Sendable {
  let fd: Int32
  let port: UInt16

  init(backlog: Int32 = 8, listening: Bool = true) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    precondition(fd >= 0)
    self.fd = fd
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        precondition(bind(fd, $0, length) == 0)
        precondition(getsockname(fd, $0, &length) == 0)
      }
    }
    port = UInt16(bigEndian: address.sin_port)
    if listening { precondition(listen(fd, backlog) == 0) }
  }

  /// Accepts one pending connection on the calling thread (the client's connect has already
  /// completed through the backlog). Accepting here, not on a background thread, means a late
  /// thread can never accept from another test's listener that reused this descriptor number.
  func accept() -> Int32 {
    let client = Glibc.accept(fd, nil, nil)
    precondition(client >= 0)
    return client
  }

  /// Echoes everything back on `client` (on a background thread that owns it) until it closes.
  static func echo(_ client: Int32) {
    Thread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
        if count <= 0 { break }
        _ = buffer.withUnsafeBytes { send(client, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }
      }
      close(client)
    }.start()
  }

  func stop() { close(fd) }
}

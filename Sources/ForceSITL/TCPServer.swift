import Glibc

/// The SITL's UART: a TCP listener on 127.0.0.1 serving one client at a time.
/// A new connection replaces the old one. Reads and writes never block.
///
/// Buffers as on the micro:bit: the firmware takes received bytes from a 6-byte FIFO
/// (the nRF51 UART's), refilled from the socket; what it has not taken waits in the
/// socket, as bytes wait on the serial line, and TCP's flow control holds back the
/// client instead of losing them. Sent bytes go out in packets of at most 64 bytes
/// (a USB full-speed packet, as the micro:bit's interface chip forwards them); while
/// the socket cannot take them the transmitter is busy (`write` returns false).
struct TCPServer {
  /// Receive FIFO depth of the nRF51 UART.
  static let receiveFIFO = 6
  /// Bytes sent to the socket at a time.
  static let packet = 64

  private let listener: Int32
  private var client: Int32 = -1
  private var pending: [UInt8] = []
  private var received: [UInt8] = []
  private var receivedIndex = 0

  init(port: UInt16) throws(HostError) {
    listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw HostError("cannot create a socket") }
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 1) == 0 else {
      let inUse = errno == EADDRINUSE
      let reason = inUse ? "address in use" : String(cString: strerror(errno))
      close(listener)
      throw HostError(
        "cannot listen on 127.0.0.1:\(port): \(reason)\(inUse ? " (a SITL or emulator already running there?); stop it, or give another --port" : "")"
      )
    }
    _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
  }

  mutating func read() -> UInt8? {
    if receivedIndex < received.count {
      defer { receivedIndex += 1 }
      return received[receivedIndex]
    }
    acceptIfWaiting()
    guard client >= 0 else { return nil }
    var buffer = [UInt8](repeating: 0, count: TCPServer.receiveFIFO)
    let count = recv(client, &buffer, buffer.count, Int32(MSG_DONTWAIT))
    if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
      dropClient()
      return nil
    }
    guard count > 0 else { return nil }
    received = Array(buffer[0..<count])
    receivedIndex = 1
    return received[0]
  }

  /// Accepts the byte (sent with the next packet) unless a full packet is still
  /// waiting for the socket; bytes for no client are dropped, as a UART with nothing
  /// attached would.
  mutating func write(_ byte: UInt8) -> Bool {
    guard client >= 0 else { return true }
    if pending.count >= TCPServer.packet {
      flush()
      if pending.count >= TCPServer.packet { return false }
    }
    pending.append(byte)
    return true
  }

  /// Sends what the socket takes now, without waiting.
  mutating func flush() {
    guard client >= 0, !pending.isEmpty else { return }
    let sent = pending.withUnsafeBytes {
      send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
    }
    if sent < 0 {
      if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { dropClient() }
      return
    }
    pending.removeFirst(sent)
  }

  /// Waits up to `maxNs` for a connection or data (not at all while received bytes
  /// are still in the FIFO).
  func wait(maxNs: UInt64) {
    guard receivedIndex >= received.count else { return }
    var descriptor = pollfd(fd: client >= 0 ? client : listener, events: Int16(POLLIN), revents: 0)
    _ = poll(&descriptor, 1, Int32(maxNs / 1_000_000))
  }

  private mutating func acceptIfWaiting() {
    let accepted = accept(listener, nil, nil)
    guard accepted >= 0 else { return }
    dropClient()
    var yes: Int32 = 1
    setsockopt(accepted, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    client = accepted
  }

  private mutating func dropClient() {
    if client >= 0 { close(client) }
    client = -1
    pending.removeAll()
    received.removeAll()
    receivedIndex = 0
  }
}

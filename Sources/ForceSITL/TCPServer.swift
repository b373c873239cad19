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
///
/// With a `baud` (`--baud`), the bytes also cross a serial line at that rate both ways,
/// 10 bits a byte (8N1) as on the micro:bit's UART: a received byte reaches the FIFO
/// one byte time after the one before it, and the transmitter takes a byte one byte
/// time after the one before it (`write` returns false in between). Requests that
/// arrive faster than their replies leave then fill the firmware's transmit queue, as
/// on the device, whatever the client reads. Without, bytes move as fast as the socket
/// takes them.
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
  /// The serial line's two directions (nil: no line, bytes move at the socket's pace).
  private var receiveLine: SerialLine?
  private var transmitLine: SerialLine?

  init(port: UInt16, baud: UInt32? = nil) throws(HostError) {
    if let baud {
      // Received bytes wait in the FIFO (6 bytes) when the firmware is slow to take them;
      // the transmitter catches up the time the loop slept (up to 1 ms), so both
      // directions move a byte each byte time on average.
      receiveLine = SerialLine(baud: baud, backlogBytes: UInt64(TCPServer.receiveFIFO))
      transmitLine = SerialLine(baud: baud, backlogNs: 1_000_000)
    }
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
      guard receiveLine?.take(now: TCPServer.nowNs()) ?? true else { return nil }
      defer { receivedIndex += 1 }
      return received[receivedIndex]
    }
    acceptIfWaiting()
    guard client >= 0 else { return nil }
    if receiveLine?.free(now: TCPServer.nowNs()) == false { return nil }
    var buffer = [UInt8](repeating: 0, count: TCPServer.receiveFIFO)
    let count = recv(client, &buffer, buffer.count, Int32(MSG_DONTWAIT))
    if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
      dropClient()
      return nil
    }
    guard count > 0 else { return nil }
    received = Array(buffer[0..<count])
    receivedIndex = 1
    _ = receiveLine?.take(now: TCPServer.nowNs())
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
    guard transmitLine?.take(now: TCPServer.nowNs()) ?? true else { return false }
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
  /// are still in the FIFO). With a serial line, no longer than until the line next
  /// delivers a byte or the transmitter takes one.
  func wait(maxNs: UInt64) {
    var maxNs = maxNs
    var lineBusy = false
    if let receiveLine, let transmitLine, client >= 0 {
      let now = TCPServer.nowNs()
      if transmitLine.busyUntil > now { maxNs = min(maxNs, transmitLine.busyUntil &- now) }
      if receiveLine.busyUntil > now {  // data may be waiting: sleep until the line delivers it
        maxNs = min(maxNs, receiveLine.busyUntil &- now)
        lineBusy = true
      }
    }
    guard receivedIndex >= received.count || lineBusy else { return }
    if lineBusy || (transmitLine != nil && maxNs < 1_000_000) {  // a byte time: sleep it out (poll counts milliseconds)
      var time = timespec(tv_sec: 0, tv_nsec: Int(min(maxNs, 999_999)))
      _ = nanosleep(&time, nil)
      return
    }
    var descriptor = pollfd(fd: client >= 0 ? client : listener, events: Int16(POLLIN), revents: 0)
    _ = poll(&descriptor, 1, Int32(maxNs / 1_000_000))
  }

  static func nowNs() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
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

/// One direction of a serial line: a byte takes 10 bit times (8N1). `take` moves a
/// byte when the line is free and keeps it busy for a byte time; a line left idle
/// builds up no more than `backlogNs` of credit (what the receiver's FIFO holds, or
/// what the SITL loop's sleeps would otherwise lose), so on average it moves `baud`/10
/// bytes a second and never more.
struct SerialLine {
  let byteNs: UInt64
  let backlogNs: UInt64
  private(set) var busyUntil: UInt64 = 0

  /// `backlogBytes` when given, else `backlogNs`.
  init(baud: UInt32, backlogNs: UInt64 = 0, backlogBytes: UInt64? = nil) {
    let byteNs = 10_000_000_000 / UInt64(max(baud, 1))
    self.byteNs = byteNs
    if let backlogBytes { self.backlogNs = backlogBytes * byteNs } else { self.backlogNs = backlogNs }
  }

  /// Whether a byte may cross now.
  func free(now: UInt64) -> Bool { busyUntil <= now }

  /// Moves a byte if the line is free now.
  mutating func take(now: UInt64) -> Bool {
    guard busyUntil <= now else { return false }
    busyUntil = max(busyUntil, now &- min(now, backlogNs)) &+ byteNs
    return true
  }
}

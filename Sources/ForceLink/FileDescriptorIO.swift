#if canImport(Glibc)
  import Glibc
#endif

/// Timed, disconnect-aware reads and writes on a non-blocking file descriptor (tty or socket).
///
/// Both transports use this rather than `sp_blocking_read`: libserialport 0.1.1 retries a
/// `read()` that returns 0 until the timeout, so a hung-up (unplugged) tty looks like
/// silence. Here a readable descriptor that yields 0 bytes, or EIO/ENXIO/ENODEV, is
/// `.disconnected`.
struct FileDescriptorIO {
  /// The descriptor; must be in non-blocking mode.
  let fd: Int32
  /// Name for error messages.
  let portName: String
  /// Sockets are written with `send(MSG_NOSIGNAL)` so a closed peer gives EPIPE, not SIGPIPE.
  let isSocket: Bool

  /// Reads up to `buffer.count` bytes; 0 after `timeout` with nothing to read.
  func read(into buffer: inout [UInt8], timeout: Duration) throws(LinkError) -> Int {
    guard !buffer.isEmpty else { return 0 }
    let deadline = ContinuousClock.now + timeout
    while true {
      guard try wait(for: Int16(POLLIN), until: deadline) else { return 0 }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count > 0 { return count }
      if count == 0 { throw isSocket ? .peerClosed(portName) : .disconnected(portName) }
      let code = errno
      if code == EAGAIN || code == EWOULDBLOCK || code == EINTR { continue }
      throw LinkError(errno: code, during: .read, port: portName)
    }
  }

  /// Writes every byte, waiting at most `timeout` overall for the other end to accept them.
  func writeAll(_ bytes: [UInt8], timeout: Duration) throws(LinkError) {
    let deadline = ContinuousClock.now + timeout
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        let start = raw.baseAddress! + offset
        let length = raw.count - offset
        return isSocket
          ? send(fd, start, length, Int32(MSG_NOSIGNAL)) : Glibc.write(fd, start, length)
      }
      if count > 0 {
        offset += count
        continue
      }
      let code = count == 0 ? EAGAIN : errno
      if code == EINTR { continue }
      guard code == EAGAIN || code == EWOULDBLOCK else {
        throw LinkError(errno: code, during: .write, port: portName)
      }
      guard try wait(for: Int16(POLLOUT), until: deadline) else { throw .writeTimedOut(portName) }
    }
  }

  /// Polls until `events` (or a hang-up/error, which the next read/write reports) or the deadline.
  /// Returns false on timeout.
  private func wait(for events: Int16, until deadline: ContinuousClock.Instant) throws(LinkError)
    -> Bool
  {
    while true {
      var entry = pollfd(fd: fd, events: events, revents: 0)
      let result = poll(&entry, 1, (deadline - ContinuousClock.now).pollMilliseconds)
      if result > 0 {
        if entry.revents & Int16(POLLNVAL) != 0 { throw .closed(portName) }
        return true
      }
      if result == 0 {
        if ContinuousClock.now >= deadline { return false }
        continue
      }
      let code = errno
      if code == EINTR { continue }
      throw LinkError(errno: code, during: events == Int16(POLLIN) ? .read : .write, port: portName)
    }
  }
}

extension Duration {
  /// Milliseconds for `poll()`, rounded up so a short positive wait is not a busy loop; ≥ 0.
  var pollMilliseconds: Int32 {
    guard self > .zero else { return 0 }
    let (seconds, attoseconds) = components
    let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: max(0, millis))
  }
}

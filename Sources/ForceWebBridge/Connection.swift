import Glibc
import Synchronization

/// One accepted TCP connection: bytes read into a buffer its own thread consumes, and
/// writes that may come from any thread (a WebSocket's relay writes while the
/// connection's thread reads), whole and one at a time.
final class Connection: @unchecked Sendable {
  // `pending` is read and consumed only by the connection's own thread; the socket's
  // writes are serialised by `writing`.
  private let socket: Int32
  private let writing = Mutex(())
  private(set) var pending: [UInt8] = []

  /// How long a kept-alive connection may sit idle before it is closed, seconds.
  static let idleSeconds = 60

  init(socket: Int32) {
    self.socket = socket
    setTimeout(seconds: Connection.idleSeconds)
  }

  /// Reads what has arrived (waiting for at least one byte) onto `pending`; false at
  /// the end of the stream, on an error, or after the idle timeout.
  func receive() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        pending += chunk[0..<count]
        return true
      }
      if count < 0 && errno == EINTR { continue }
      return false
    }
  }

  /// Reads until `pending` holds at least `count` bytes; false if the stream ends first.
  func receive(atLeast count: Int) -> Bool {
    while pending.count < count { guard receive() else { return false } }
    return true
  }

  /// Removes and returns the first `count` bytes of `pending`.
  func take(_ count: Int) -> [UInt8] {
    let bytes = Array(pending[0..<count])
    pending.removeFirst(count)
    return bytes
  }

  /// Writes `bytes` whole (never interleaved with another thread's write); false when
  /// the peer has gone. Never raises SIGPIPE.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    writing.withLock { _ in
      var offset = 0
      while offset < bytes.count {
        let count = bytes.withUnsafeBytes {
          Glibc.send(socket, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
  }

  /// Receive timeout: `seconds`, or 0 for none (a WebSocket waits as long as its page).
  func setTimeout(seconds: Int) {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Stops both directions: a thread blocked reading wakes up at the end of the stream.
  func shutDown() { shutdown(socket, Int32(SHUT_RDWR)) }

  /// Closes the socket (the connection's own thread, when it is done with it).
  func close() { Glibc.close(socket) }

  /// Closes the socket after a reply sent without reading the request: ends the
  /// sending side first and drops what has arrived, so the client gets the reply and
  /// an end of stream rather than a reset.
  func finish() {
    shutdown(socket, Int32(SHUT_WR))
    var chunk = [UInt8](repeating: 0, count: 4096)
    while chunk.withUnsafeMutableBytes({ recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }) > 0 {}
    close()
  }
}

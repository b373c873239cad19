import ForceProtocol

/// A 1 KB ring of bytes waiting for the UART, filled a whole frame at a time.
///
/// The frame loop never waits for the UART: `pump` hands over as many bytes as the
/// transmitter takes and returns. A request is only served when its whole reply fits
/// (`MessageType.replyRoom`; else it is answered `busy`); telemetry and events are
/// only queued while `replyReserve` stays free (room for the largest reply burst, 16
/// injection results), otherwise they are dropped and counted in `dropped` (the host
/// sees the telemetry frame number jump).
public struct TransmitQueue {
  /// Capacity in bytes.
  public static let capacity = 1024
  /// Space kept free for replies.
  public static let replyReserve = 600

  var storage = Bytes1024()
  var head = 0  // next byte to send
  var count = 0
  /// Streamed frames dropped for lack of space.
  public private(set) var dropped: UInt32 = 0
  /// Bytes queued since boot (wraps).
  public private(set) var queued: UInt32 = 0

  /// An empty queue.
  public init() {}

  /// Free bytes.
  public var free: Int { TransmitQueue.capacity &- count }

  /// Queues a whole frame, or nothing. `streamed` frames leave `replyReserve` free.
  @discardableResult
  public mutating func enqueue(_ bytes: UnsafeRawBufferPointer, streamed: Bool) -> Bool {
    let limit = streamed ? free &- TransmitQueue.replyReserve : free
    guard bytes.count <= limit else {
      if streamed { dropped &+= 1 }
      return false
    }
    withUnsafeMutableBytes(of: &storage) { ring in
      var tail = head &+ count
      for byte in bytes {
        if tail >= TransmitQueue.capacity { tail &-= TransmitQueue.capacity }
        ring[tail] = byte
        tail &+= 1
      }
    }
    count &+= bytes.count
    queued &+= UInt32(truncatingIfNeeded: bytes.count)
    return true
  }

  /// Hands queued bytes to the UART until it is busy or the queue is empty.
  public mutating func pump<B: Board>(_ board: inout B) {
    while count > 0 {
      let byte = withUnsafeBytes(of: &storage) { $0[head] }
      guard board.uartWrite(byte) else { return }
      head = head == TransmitQueue.capacity &- 1 ? 0 : head &+ 1
      count &-= 1
    }
  }
}

/// 1 KB of inline storage.
struct Bytes1024 {
  var words:
    (
      Bytes256Words, Bytes256Words, Bytes256Words, Bytes256Words
    ) = (Bytes256Words(), Bytes256Words(), Bytes256Words(), Bytes256Words())
}

/// 256 bytes of inline storage.
struct Bytes256Words {
  var raw:
    (
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    ) = (
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )
}

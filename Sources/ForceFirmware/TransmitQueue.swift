import ForceProtocol

/// A 1 KB ring of bytes waiting for the UART, filled a whole frame at a time.
///
/// The frame loop never waits for the UART: `pump` hands over as many bytes as the
/// transmitter takes and returns. A request is only served when its longest reply,
/// success or `error`, fits (`MessageType.replyRoom`; else it is answered `busy`, or
/// dropped and counted when not even that fits); telemetry and events are
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

  /// Encodes `message` as a frame straight into the ring and queues it whole, or
  /// queues nothing. `streamed` frames leave `replyReserve` free.
  @discardableResult
  public mutating func send<M: DeviceMessage>(_ message: M, seq: UInt8, streamed: Bool) -> Bool {
    let (tail, room) = space(streamed: streamed)
    let written = withUnsafeMutableBytes(of: &storage) { ring -> Int in
      var writer = FrameWriter(ring: ring, start: tail, room: room)
      writer.header(type: M.messageType.rawValue, seq: seq)
      do throws(ProtocolError) {
        try message.encode(into: &writer)
        return try writer.finish()
      } catch {
        return 0
      }
    }
    return commit(written, streamed: streamed)
  }

  /// Where the next frame starts, and how many bytes it may take.
  func space(streamed: Bool) -> (tail: Int, room: Int) {
    var tail = head &+ count
    if tail >= TransmitQueue.capacity { tail &-= TransmitQueue.capacity }
    return (tail, streamed ? free &- TransmitQueue.replyReserve : free)
  }

  /// Queues the `written` bytes of a frame just encoded (0: it did not fit).
  @inline(never)
  mutating func commit(_ written: Int, streamed: Bool) -> Bool {
    guard written > 0 else {
      if streamed { dropped &+= 1 }
      return false
    }
    count &+= written
    queued &+= UInt32(truncatingIfNeeded: written)
    return true
  }

  /// Hands queued bytes to the UART until it is busy or the queue is empty. The
  /// position and count live in registers for the loop and are stored once.
  public mutating func pump<B: Board>(_ board: inout B) {
    var remaining = count
    guard remaining > 0 else { return }
    var index = head
    withUnsafeBytes(of: &storage) { ring in
      while remaining > 0, board.serialWrite(ring[index]) {
        index = index == TransmitQueue.capacity &- 1 ? 0 : index &+ 1
        remaining &-= 1
      }
    }
    head = index
    count = remaining
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

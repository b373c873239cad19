import Foundation
import Synchronization

/// The server's side of a WebSocket (RFC 6455) on an upgraded connection: messages
/// read on the connection's thread, sent from any thread.
final class WebSocket: Sendable {
  /// A whole message from the page.
  enum Message: Equatable, Sendable {
    case text(String)
    case binary([UInt8])
  }

  private let connection: Connection
  /// Whether the close frame has gone out (after it, nothing more is sent); held while
  /// a frame is written, so none follows the close frame.
  private let closed = Mutex(false)

  /// The most one message may take, bytes (the page sends frames of a few hundred).
  static let maxMessage = 1024 * 1024

  init(_ connection: Connection) { self.connection = connection }

  /// `Sec-WebSocket-Accept` for an upgrade request: base64 of the SHA-1 of its key and
  /// the protocol's GUID; nil when the request is not a version-13 WebSocket upgrade.
  static func acceptKey(for request: HTTPRequest) -> String? {
    guard request.headers["upgrade"]?.lowercased() == "websocket",
      request.headers["connection"]?.lowercased().contains("upgrade") == true,
      request.headers["sec-websocket-version"] == "13", let key = request.headers["sec-websocket-key"], !key.isEmpty
    else { return nil }
    return Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
  }

  /// Sends a text message (nothing once the socket is closing).
  func send(text: String) { sendFrame(opcode: 0x1, Array(text.utf8)) }

  /// Sends a binary message.
  func send(binary: [UInt8]) { sendFrame(opcode: 0x2, binary) }

  /// Starts the closing handshake with `code` and `reason`; the page answers, and
  /// `receive` then returns nil.
  func close(code: UInt16, reason: String = "") {
    sendFrame(opcode: 0x8, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(123)))
    connection.setTimeout(seconds: 5)  // a page that never answers the close is let go
  }

  /// The next message; nil when the page closed the socket (answered), went away, or
  /// broke the protocol (closed with 1002, or 1009 for a message too large). Pings are
  /// answered here. Only the connection's thread calls this.
  func receive() -> Message? {
    var opcode: UInt8?
    var payload: [UInt8] = []
    while let frame = readFrame() {
      switch frame.opcode {
      case 0x8:
        sendFrame(opcode: 0x8, Array(frame.payload.prefix(2)))  // echo the page's code (if not closing already)
        return nil
      case 0x9: sendFrame(opcode: 0xA, frame.payload)
      case 0xA: break
      case 0x0, 0x1, 0x2:
        if frame.opcode == 0 {
          guard opcode != nil else { return fail(1002) }
        } else {
          guard opcode == nil else { return fail(1002) }
          opcode = frame.opcode
        }
        payload += frame.payload
        guard payload.count <= WebSocket.maxMessage else { return fail(1009) }
        if frame.final {
          return opcode == 0x1 ? .text(String(decoding: payload, as: UTF8.self)) : .binary(payload)
        }
      default: return fail(1002)
      }
    }
    return nil
  }

  private func fail(_ code: UInt16) -> Message? {
    close(code: code)
    connection.shutDown()
    return nil
  }

  /// One frame from the page: client frames are masked, control frames short and whole.
  private func readFrame() -> (final: Bool, opcode: UInt8, payload: [UInt8])? {
    guard connection.receive(atLeast: 2) else { return nil }
    let head = connection.take(2)
    let final = head[0] & 0x80 != 0
    let opcode = head[0] & 0x0F
    guard head[1] & 0x80 != 0, head[0] & 0x70 == 0 else {
      _ = fail(1002)
      return nil
    }
    var length = Int(head[1] & 0x7F)
    if length >= 126 {
      let size = length == 126 ? 2 : 8
      guard connection.receive(atLeast: size) else { return nil }
      length = connection.take(size).reduce(0) { $0 << 8 | Int($1) }
    }
    guard length >= 0, length <= WebSocket.maxMessage, opcode < 0x8 || (length <= 125 && final) else {
      _ = fail(length > WebSocket.maxMessage ? 1009 : 1002)
      return nil
    }
    guard connection.receive(atLeast: 4 + length) else { return nil }
    let mask = connection.take(4)
    var payload = connection.take(length)
    for i in payload.indices { payload[i] ^= mask[i & 3] }
    return (final, opcode, payload)
  }

  private func sendFrame(opcode: UInt8, _ payload: [UInt8]) {
    var frame: [UInt8] = [0x80 | opcode]
    switch payload.count {
    case ..<126: frame.append(UInt8(payload.count))
    case ..<65_536: frame += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default: frame += [127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
    }
    closed.withLock { closed in
      guard !closed else { return }
      connection.send(frame + payload)
      closed = opcode == 0x8
    }
  }
}

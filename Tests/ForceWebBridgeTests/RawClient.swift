import ForceLink
import Foundation

/// A loopback TCP client (ForceLink's `TCPTransport`) that speaks HTTP/1.1 and
/// WebSocket frames by hand, for testing the server as a browser meets it.
final class RawClient {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// A response: status line, headers (names in lower case), body as text.
  struct Response {
    var status: String
    var headers: [String: String]
    var body: String
  }

  /// A WebSocket frame from the server.
  struct Frame: Equatable {
    var final: Bool
    var opcode: UInt8
    var payload: [UInt8]
  }

  private let transport: TCPTransport
  private var buffer: [UInt8] = []

  /// Connects to 127.0.0.1:`port`; throws when nothing accepts.
  init(port: UInt16) throws {
    transport = try TCPTransport(host: "127.0.0.1", port: port, connectTimeout: .seconds(2))
  }

  func write(_ text: String) { write(bytes: Array(text.utf8)) }

  /// Writes `bytes` (nothing when the server has closed the connection).
  func write(bytes: [UInt8]) { try? transport.write(bytes) }

  /// Asks for a WebSocket on `path` with `key`; returns the server's answer's head.
  func upgrade(_ path: String, key: String = "dGhlIHNhbXBsZSBub25jZQ==") throws -> Response {
    write(
      "GET \(path) HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: keep-alive, Upgrade\r\n"
        + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n")
    return try readHead()
  }

  /// A masked client frame.
  func writeFrame(opcode: UInt8, _ payload: [UInt8], final: Bool = true) {
    let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
    var frame: [UInt8] = [(final ? 0x80 : 0) | opcode]
    if payload.count < 126 {
      frame.append(0x80 | UInt8(payload.count))
    } else {
      frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    }
    frame += mask
    frame += payload.enumerated().map { $1 ^ mask[$0 % 4] }
    write(bytes: frame)
  }

  /// Whether the server closes the connection within 5 s with nothing more to say.
  func closesWithNothingMore() -> Bool {
    while true {
      var chunk = [UInt8](repeating: 0, count: 65_536)
      do {
        let count = try transport.read(into: &chunk, timeout: .seconds(5))
        if count == 0 { return false }  // still open
        buffer += chunk[0..<count]
      } catch {
        return buffer.isEmpty
      }
    }
  }

  /// A response's head: status line and headers.
  func readHead() throws -> Response {
    while true {
      if let end = (0..<max(0, buffer.count - 3)).first(where: { buffer[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) })
      {
        let lines = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        buffer.removeFirst(end + 4)
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
          let parts = line.split(separator: ":", maxSplits: 1)
          headers[parts[0].lowercased()] = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        }
        return Response(status: lines[0], headers: headers, body: "")
      }
      guard fill() else { throw Failure(description: "the stream ended before a response head") }
    }
  }

  /// A whole response, its body by Content-Length.
  func readResponse() throws -> Response {
    var response = try readHead()
    let length = Int(response.headers["content-length"] ?? "") ?? 0
    response.body = String(decoding: try take(length), as: UTF8.self)
    return response
  }

  /// One server frame (servers do not mask).
  func readFrame() throws -> Frame {
    let head = try take(2)
    var length = Int(head[1] & 0x7F)
    if length == 126 { length = try take(2).reduce(0) { $0 << 8 | Int($1) } }
    if length == 127 { length = try take(8).reduce(0) { $0 << 8 | Int($1) } }
    return Frame(final: head[0] & 0x80 != 0, opcode: head[0] & 0x0F, payload: try take(length))
  }

  private func take(_ count: Int) throws -> [UInt8] {
    while buffer.count < count {
      guard fill() else { throw Failure(description: "the stream ended \(count - buffer.count) bytes short") }
    }
    defer { buffer.removeFirst(count) }
    return Array(buffer[0..<count])
  }

  /// Reads what comes within 5 s; false at the end of the stream or the timeout.
  private func fill() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    guard let count = try? transport.read(into: &chunk, timeout: .seconds(5)), count > 0 else { return false }
    buffer += chunk[0..<count]
    return true
  }
}

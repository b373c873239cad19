import Foundation
import Glibc
import Testing

@testable import ForceWebBridge

/// The bridge's own HTTP/1.1 and WebSocket server, driven over a raw socket as a
/// browser would: requests and frames written by hand from RFC 9112 and RFC 6455, not
/// from the server's code.
@Suite struct HTTPServerTests {
  /// A server on a free loopback port with a few routes, serving `files`; runs `body`
  /// with its port, then stops it. (Started and stopped directly: the test's blocking
  /// client must not wait on a task the cooperative pool may not run.)
  func withServer(files: URL? = nil, _ body: (UInt16) throws -> Void) throws {
    let static_ = files.map(StaticFiles.init(root:))
    let server = try HTTPServer(listen: ListenAddress(host: "127.0.0.1", port: 0)) { request in
      switch (request.method, request.path) {
      case ("GET", "/hello"): return .response(HTTPResponse(status: 200, body: Array("hi".utf8)))
      case ("POST", "/echo"): return .response(HTTPResponse(status: 200, body: request.body))
      case ("GET", "/ws"):
        return .webSocket { socket in
          while let message = socket.receive() {
            switch message {
            case .text(let text): socket.send(text: text.uppercased())
            case .binary(let bytes): socket.send(binary: bytes.reversed())
            }
          }
        }
      case ("GET", let path): return .response(static_?.response(for: path) ?? .error(404))
      default: return .response(.error(405))
      }
    }
    server.start()
    defer { server.stop() }
    try body(server.address.port)
  }

  @Test func sha1MatchesTheStandardsVectors() {
    func hex(_ text: String) -> String { SHA1.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
    #expect(hex("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    #expect(hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d")
    // 56 bytes: the padding needs a second block.
    #expect(
      hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
  }

  @Test func acceptKeyIsTheRFCsExample() {
    let request = HTTPRequest(
      method: "GET", path: "/ws",
      headers: [
        "upgrade": "websocket", "connection": "Upgrade", "sec-websocket-version": "13",
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
      ])
    #expect(WebSocket.acceptKey(for: request) == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    var old = request
    old.headers["sec-websocket-version"] = "8"
    #expect(WebSocket.acceptKey(for: old) == nil)
  }

  @Test func answersRequestsOnOneKeptAliveConnection() throws {
    try withServer { port in
      let client = try RawClient(port: port)
      client.write(
        "GET /hello HTTP/1.1\r\nHost: x\r\n\r\nPOST /echo?x=1 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nabcde")
      let first = try client.readResponse()
      #expect(first.status == "HTTP/1.1 200 OK" && first.body == "hi" && first.headers["connection"] == "keep-alive")
      let second = try client.readResponse()
      #expect(second.status == "HTTP/1.1 200 OK" && second.body == "abcde")
      client.write("GET /nothing HTTP/1.1\r\nConnection: close\r\n\r\n")
      let third = try client.readResponse()
      #expect(third.status == "HTTP/1.1 404 Not Found" && third.headers["connection"] == "close")
      #expect(client.closesWithNothingMore(), "the server closes after Connection: close")
    }
  }

  @Test func badRequestsGetTheirErrorAndTheConnectionCloses() throws {
    try withServer { port in
      for (request, status) in [
        ("NONSENSE\r\n\r\n", "400 Bad Request"), ("GET /hello HTTP/2.0\r\n\r\n", "400 Bad Request"),
        ("POST /echo HTTP/1.1\r\nContent-Length: -3\r\n\r\n", "400 Bad Request"),
        ("POST /echo HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n", "413 Content Too Large"),
        (
          "GET /hello HTTP/1.1\r\nX: " + String(repeating: "a", count: 70_000) + "\r\n\r\n",
          "431 Request Header Fields Too Large"
        ),
        ("DELETE /hello HTTP/1.1\r\n\r\n", "405 Method Not Allowed"),
      ] {
        let client = try RawClient(port: port)
        client.write(request)
        let response = try client.readResponse()
        #expect(response.status == "HTTP/1.1 \(status)", "\(request.prefix(40))")
        if !status.hasPrefix("405") { #expect(client.closesWithNothingMore()) }
      }
      // The server is still there.
      let client = try RawClient(port: port)
      client.write("GET /hello HTTP/1.1\r\n\r\n")
      #expect(try client.readResponse().body == "hi")
    }
  }

  @Test func servesADirectorysFilesAndNothingOutsideIt() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "http-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("js"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try Data("<p>page</p>".utf8).write(to: root.appendingPathComponent("index.html"))
    try Data("let x = 1".utf8).write(to: root.appendingPathComponent("js/app.js"))
    try Data([0, 97, 115, 109]).write(to: root.appendingPathComponent("m.wasm"))
    try Data("secret".utf8).write(to: root.appendingPathComponent(".hidden"))
    try withServer(files: root.appendingPathComponent("js")) { port in
      func get(_ path: String) throws -> RawClient.Response {
        let client = try RawClient(port: port)
        client.write("GET \(path) HTTP/1.1\r\n\r\n")
        return try client.readResponse()
      }
      let script = try get("/app.js")
      #expect(script.body == "let x = 1" && script.headers["content-type"] == "text/javascript; charset=utf-8")
      for path in ["/../index.html", "/%2e%2e/index.html", "/", "/../.hidden", "/nothing.js"] {
        #expect(try get(path).status == "HTTP/1.1 404 Not Found", "\(path)")
      }
    }
    try withServer(files: root) { port in
      let client = try RawClient(port: port)
      client.write(
        "GET /m.wasm HTTP/1.1\r\n\r\nGET /index.html HTTP/1.1\r\n\r\nGET /.hidden HTTP/1.1\r\n\r\nGET /js HTTP/1.1\r\n\r\n"
      )
      #expect(try client.readResponse().headers["content-type"] == "application/wasm")
      #expect(try client.readResponse().body == "<p>page</p>")
      #expect(try client.readResponse().status.hasSuffix("404 Not Found"))
      #expect(try client.readResponse().status.hasSuffix("404 Not Found"), "a directory is not a file")
    }
  }

  @Test func webSocketMessagesPingsAndClose() throws {
    try withServer { port in
      let client = try RawClient(port: port)
      let upgrade = try client.upgrade("/ws")
      #expect(upgrade.status == "HTTP/1.1 101 Switching Protocols")
      #expect(upgrade.headers["sec-websocket-accept"] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")

      client.writeFrame(opcode: 1, Array("hello".utf8))
      #expect(try client.readFrame() == RawClient.Frame(final: true, opcode: 1, payload: Array("HELLO".utf8)))
      // A binary message in two fragments, a ping between them.
      client.writeFrame(opcode: 2, [1, 2, 3], final: false)
      client.writeFrame(opcode: 9, Array("p".utf8))
      client.writeFrame(opcode: 0, Array(repeating: 4, count: 300))
      #expect(try client.readFrame() == RawClient.Frame(final: true, opcode: 10, payload: Array("p".utf8)))
      let reversed = try client.readFrame()
      #expect(
        reversed.opcode == 2 && reversed.payload == Array(([1, 2, 3] + Array(repeating: 4, count: 300)).reversed()))
      // The close handshake: the server echoes the code and closes.
      client.writeFrame(opcode: 8, [0x03, 0xE8])
      #expect(try client.readFrame() == RawClient.Frame(final: true, opcode: 8, payload: [0x03, 0xE8]))
      #expect(client.closesWithNothingMore())
    }
  }

  @Test func anUnmaskedFrameIsAProtocolError() throws {
    try withServer { port in
      let client = try RawClient(port: port)
      _ = try client.upgrade("/ws", key: "AAAAAAAAAAAAAAAAAAAAAA==")
      client.write(bytes: [0x81, 0x02, 0x68, 0x69])  // "hi", not masked
      let close = try client.readFrame()
      #expect(close.opcode == 8 && close.payload.prefix(2) == [0x03, 0xEA], "1002: protocol error")
      // A plain GET on the WebSocket's path is refused.
      let plain = try RawClient(port: port)
      plain.write("GET /ws HTTP/1.1\r\n\r\n")
      #expect(try plain.readResponse().status == "HTTP/1.1 400 Bad Request")
    }
  }

  @Test func connectionsPastTheCapAreToldToComeBack() throws {
    try withServer { port in
      // Each kept-alive connection holds a thread until its client closes it.
      let held = try (0..<HTTPServer.maxConnections).map { _ in
        let client = try RawClient(port: port)
        client.write("GET /hello HTTP/1.1\r\n\r\n")
        #expect(try client.readResponse().body == "hi")
        return client
      }
      let refused = try RawClient(port: port)  // answered at once, before any request
      #expect(try refused.readResponse().status == "HTTP/1.1 503 Service Unavailable")
      #expect(refused.closesWithNothingMore())
      withExtendedLifetime(held) {}
    }
  }

  @Test func stoppingStopsListening() throws {
    var port: UInt16 = 0
    try withServer { port = $0 }
    // The accepting thread closes the socket just after the stop.
    var refused = false
    for _ in 0..<100 where !refused {
      refused = (try? RawClient(port: port)) == nil
      if !refused { usleep(10_000) }
    }
    #expect(refused, "port \(port) still accepts after the server was stopped")
  }

  @Test func aBusyAddressIsNamed() throws {
    let first = try HTTPServer(listen: ListenAddress(host: "127.0.0.1", port: 0)) { _ in .response(.error(404)) }
    #expect(throws: BridgeError("cannot listen on 127.0.0.1:\(first.address.port): Address already in use")) {
      _ = try HTTPServer(listen: first.address) { _ in .response(.error(404)) }
    }
  }
}

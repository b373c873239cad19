import ForceLink
import Foundation
import Testing

@testable import ForceWebBridge

/// `forcectl ui`'s routes: the page's files, `/bridge.json` and the `/device` WebSocket.
@Suite struct WebBridgeTests {
  @Test func routesThePageTheDescriptionAndTheDevice() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("web-bridge-\(getpid())")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try Data("<title>tuner</title>".utf8).write(to: root.appendingPathComponent("index.html"))
    let device = try PortAddress(parsing: "tcp://127.0.0.1:5760")
    let bridge = WebBridge(
      device: device, baud: 115_200, connectTimeout: .seconds(1), listen: .defaultAddress, webRoot: root)
    let relay = DeviceRelay(
      address: device, baud: 115_200, connectTimeout: .seconds(1), claim: Claim(), report: { _ in })
    func response(_ method: String, _ path: String) throws -> HTTPResponse {
      guard case .response(let response) = bridge.reply(to: HTTPRequest(method: method, path: path), relay: relay)
      else { throw CancellationError() }
      return response
    }

    let description = try response("GET", "/bridge.json")
    let json = try JSONSerialization.jsonObject(with: Data(description.body)) as? [String: String]
    #expect(description.status == 200 && json == ["status": "bridge", "message": "tcp://127.0.0.1:5760"])
    let home = try response("GET", "/")
    #expect(home.status == 307 && home.headers.contains { $0 == ("Location", "/index.html") })
    let page = try response("GET", "/index.html")
    #expect(page.body == Array("<title>tuner</title>".utf8))
    #expect(page.headers.contains { $0 == ("Content-Type", "text/html; charset=utf-8") })
    #expect(try response("GET", "/app.js").status == 404)
    #expect(try response("POST", "/bridge.json").status == 405)
    guard case .webSocket = bridge.reply(to: HTTPRequest(method: "GET", path: "/device"), relay: relay) else {
      Issue.record("/device is not the WebSocket")
      return
    }
  }
}

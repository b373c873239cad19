import Foundation
import Synchronization
import Testing

@testable import ForceWebBridge

/// `forcectl study run`'s routes as Docs/running-a-study.md gives them to the pages.
@Suite struct StudyServerTests {
  /// The response `server` gives `method path` (a WebSocket would be a failure here).
  func response(_ server: StudyServer, _ method: String, _ path: String) throws -> HTTPResponse {
    guard case .response(let response) = server.reply(to: HTTPRequest(method: method, path: path)) else {
      throw CancellationError()
    }
    return response
  }

  @Test func routesTheStateTheActionsAndThePages() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("study-server-\(getpid())")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try Data("<h1>Experimenter</h1>".utf8).write(to: root.appendingPathComponent("experimenter.html"))
    let taken = Mutex<[String]>([])
    let server = StudyServer(
      listen: .defaultAddress, webRoot: root, state: { #"{"phase":"ready"}"# },
      act: { action in
        taken.withLock { $0.append(action) }
        return action == "ready" ? "the study is paused" : nil
      })

    let state = try response(server, "GET", "/study/state.json")
    #expect(state.status == 200 && state.body == Array(#"{"phase":"ready"}"#.utf8))
    #expect(state.headers.contains { $0 == ("Cache-Control", "no-store") })
    let paused = try response(server, "POST", "/study/pause")
    #expect(paused.status == 200 && String(decoding: paused.body, as: UTF8.self).contains(#""status":"ok""#))
    let refused = try response(server, "POST", "/study/ready")
    #expect(refused.status == 409 && String(decoding: refused.body, as: UTF8.self).contains("the study is paused"))
    #expect(try response(server, "POST", "/study/explode").status == 404)
    #expect(try response(server, "POST", "/study/state.json").status == 404)
    #expect(taken.withLock { $0 } == ["pause", "ready"], "only the actions reach the session")

    let home = try response(server, "GET", "/")
    #expect(home.status == 307 && home.headers.contains { $0 == ("Location", "/participant.html") })
    #expect(try response(server, "GET", "/experimenter.html").body == Array("<h1>Experimenter</h1>".utf8))
    #expect(try response(server, "GET", "/participant.html").status == 404)
    #expect(try response(server, "DELETE", "/study/pause").status == 405)
  }
}

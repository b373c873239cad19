import FlyingFox
import Foundation

/// `forcectl study run`'s server for people (Docs/running-a-study.md): the participant
/// and experimenter pages from `webRoot`, `GET /study/state.json` (what `state`
/// returns: the session as the pages draw it) and `POST /study/ACTION` (`ready`,
/// `pause`, `resume`, `disturbed`), each handed to `act`, which answers whether it was
/// taken and why not. The session itself runs elsewhere; this only carries it.
public struct StudyServer: Sendable {
  /// Where to serve.
  public let listen: ListenAddress
  /// The directory with participant.html and experimenter.html.
  public let webRoot: URL
  /// The session's state as JSON, read for each request.
  public let state: @Sendable () -> String
  /// Takes an action; returns nil when it was taken, else why not (said to the page).
  public let act: @Sendable (String) -> String?

  /// The actions the pages can post.
  public static let actions = ["ready", "pause", "resume", "disturbed"]

  /// A server; nothing is opened until `run`.
  public init(
    listen: ListenAddress, webRoot: URL, state: @escaping @Sendable () -> String,
    act: @escaping @Sendable (String) -> String?
  ) {
    self.listen = listen
    self.webRoot = webRoot
    self.state = state
    self.act = act
  }

  /// Serves until cancelled; calls `ready` with the address actually bound.
  public func run(ready: @escaping @Sendable (ListenAddress) -> Void) async throws {
    let server = try listen.server()
    let json = HTTPHeaders([.contentType: "application/json", .init("Cache-Control"): "no-store"])
    await server.appendRoute("GET /study/state.json") { [state] _ in
      HTTPResponse(statusCode: .ok, headers: json, body: Data(state().utf8))
    }
    for action in Self.actions {
      await server.appendRoute(HTTPRoute("POST /study/\(action)")) { [act] _ in
        guard let refusal = act(action) else {
          return HTTPResponse(statusCode: .ok, headers: json, body: Data(Status.json("ok", action).utf8))
        }
        return HTTPResponse(statusCode: .conflict, headers: json, body: Data(Status.json("refused", refusal).utf8))
      }
    }
    await server.appendRoute("GET /") { _ in
      HTTPResponse(statusCode: .temporaryRedirect, headers: HTTPHeaders([.location: "/participant.html"]))
    }
    await server.appendRoute("GET /*", to: DirectoryHTTPHandler(root: webRoot, serverPath: "/"))
    try await listen.serve(server, ready: ready)
  }
}

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
    let server = try HTTPServer(listen: listen) { [self] in reply(to: $0) }
    await server.run(ready: ready)
  }

  /// The answer to `request`: the state, an action, a redirect to the participant's
  /// page, a page's file; 404 for another path, 405 for another method.
  func reply(to request: HTTPRequest) -> HTTPReply {
    let prefix = "/study/"
    switch (request.method, request.path) {
    case ("GET", "/study/state.json"): return .response(.json(state()))
    case ("POST", let path) where path.hasPrefix(prefix) && Self.actions.contains(String(path.dropFirst(prefix.count))):
      let action = String(path.dropFirst(prefix.count))
      guard let refusal = act(action) else { return .response(.json(Status.json("ok", action))) }
      return .response(.json(Status.json("refused", refusal), status: 409))
    case ("POST", _): return .response(.error(404))
    case ("GET", "/"): return .response(.redirect(to: "/participant.html"))
    case ("GET", let path): return .response(StaticFiles(root: webRoot).response(for: path))
    default: return .response(.error(405))
    }
  }
}

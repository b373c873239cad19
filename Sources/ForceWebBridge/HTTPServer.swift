import Foundation
import Glibc
import Synchronization

/// What a route makes of a request: a response, or the connection taken over as a
/// WebSocket (the handler runs on the connection's thread until the socket closes).
enum HTTPReply: Sendable {
  case response(HTTPResponse)
  case webSocket(@Sendable (WebSocket) -> Void)
}

/// The HTTP/1.1 server of `forcectl ui` and `forcectl study run`: a page's files, a
/// little JSON and a WebSocket, for a browser on this machine (or, when asked, the
/// network). One thread accepts; each connection has a thread of its own that reads
/// requests, answers each with `route` and keeps the connection open as HTTP/1.1 does.
/// Its own code, so that `forcectl` links no HTTP client: a web framework would bring
/// Foundation's networking and its libraries into every command's start-up.
final class HTTPServer: Sendable {
  /// The address bound (port 0 asked for, the port the system chose).
  let address: ListenAddress
  private let socket: Int32
  /// Whether `start` was called (from then on its accepting thread closes the socket).
  private let started = Atomic(false)
  /// Whether `stop` was called.
  private let stopped = Atomic(false)
  /// Connections being served, and the most at once.
  private let open = Atomic(0)
  static let maxConnections = 64
  private let route: @Sendable (HTTPRequest) -> HTTPReply

  /// Binds and listens on `listen`; throws, naming the address, when it cannot.
  init(listen: ListenAddress, route: @escaping @Sendable (HTTPRequest) -> HTTPReply) throws(BridgeError) {
    var socketAddress = sockaddr_in()
    socketAddress.sin_family = sa_family_t(AF_INET)
    socketAddress.sin_port = listen.port.bigEndian
    guard inet_pton(AF_INET, listen.host, &socketAddress.sin_addr) == 1 else {
      throw BridgeError("cannot listen on \(listen): not an IPv4 address")
    }
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw BridgeError("cannot listen on \(listen): \(String(cString: strerror(errno)))") }
    var on: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &socketAddress) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 && Glibc.listen(socket, 64) == 0
      }
    }
    guard bound else {
      let reason = String(cString: strerror(errno))
      Glibc.close(socket)
      throw BridgeError("cannot listen on \(listen): \(reason)")
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    self.address = ListenAddress(host: listen.host, port: UInt16(bigEndian: actual.sin_port))
    self.socket = socket
    self.route = route
  }

  /// Tells `ready` the address bound, then accepts connections until the task is
  /// cancelled (`start`, then `stop` on cancellation).
  func run(ready: @Sendable (ListenAddress) -> Void) async {
    ready(address)
    await withTaskCancellationHandler {
      await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
        start { finished.resume() }
      }
    } onCancel: {
      stop()
    }
  }

  /// Accepts connections on a thread of its own until `stop`, then closes the listening
  /// socket and calls `finished`. Connections already open run on until their clients
  /// close them. Call it once.
  func start(finished: @escaping @Sendable () -> Void = {}) {
    started.store(true, ordering: .relaxed)
    let thread = Thread { [self] in
      acceptUntilShutDown()
      Glibc.close(socket)
      finished()
    }
    thread.name = "forcectl-http-accept"
    thread.start()
  }

  /// Stops accepting: wakes the accepting thread (accept fails on a socket shut down).
  /// Only the first call acts (the socket's number may belong to another file later).
  func stop() {
    guard !stopped.exchange(true, ordering: .relaxed) else { return }
    shutdown(socket, Int32(SHUT_RDWR))
  }

  deinit {
    if !started.load(ordering: .relaxed) { Glibc.close(socket) }
  }

  private func acceptUntilShutDown() {
    while true {
      let client = accept(socket, nil, nil)
      if client < 0 {
        if stopped.load(ordering: .relaxed) || errno == EBADF || errno == EINVAL { return }
        // Interrupted, a client gone before it was accepted, or out of descriptors or
        // memory for a moment: keep serving.
        if errno != EINTR && errno != ECONNABORTED { usleep(10_000) }
        continue
      }
      _ = fcntl(client, F_SETFD, FD_CLOEXEC)  // not inherited by a flasher or emulator started later
      let connection = Connection(socket: client)
      guard open.add(1, ordering: .relaxed).newValue <= HTTPServer.maxConnections else {
        // A thread each: past the cap (a page opens a few), the client is told to come back.
        connection.send(HTTPResponse.error(503).serialized(keepAlive: false))
        connection.finish()
        open.subtract(1, ordering: .relaxed)
        continue
      }
      let thread = Thread { [self] in
        serve(connection)
        connection.close()
        open.subtract(1, ordering: .relaxed)
      }
      thread.name = "forcectl-http"
      thread.start()
    }
  }

  /// Answers requests on `connection` until either side closes it.
  private func serve(_ connection: Connection) {
    while let request = readRequest(connection) {
      switch route(request) {
      case .response(let response):
        let keepAlive = request.keepsAlive
        guard connection.send(response.serialized(keepAlive: keepAlive)), keepAlive else { return }
      case .webSocket(let handler):
        guard let accept = WebSocket.acceptKey(for: request) else {
          connection.send(HTTPResponse.error(400).serialized(keepAlive: false))
          return
        }
        let upgrade = HTTPResponse(
          status: 101, headers: [("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", accept)])
        guard connection.send(upgrade.serialized(keepAlive: true)) else { return }
        connection.setTimeout(seconds: 0)
        handler(WebSocket(connection))
        return
      }
    }
  }

  /// The next request on `connection`; nil when the client closed it, or after
  /// answering a malformed or oversized request with its error.
  private func readRequest(_ connection: Connection) -> HTTPRequest? {
    let blankLine: [UInt8] = [13, 10, 13, 10]
    var end = connection.pending.firstRange(of: blankLine)?.lowerBound
    while end == nil && connection.pending.count <= HTTPRequest.maxHead {
      guard connection.receive() else { return nil }
      end = connection.pending.firstRange(of: blankLine)?.lowerBound
    }
    guard let headEnd = end, headEnd <= HTTPRequest.maxHead else {
      connection.send(HTTPResponse.error(431).serialized(keepAlive: false))
      return nil
    }
    let head = connection.take(headEnd)
    _ = connection.take(4)
    guard var request = HTTPRequest(head: head) else {
      connection.send(HTTPResponse.error(400).serialized(keepAlive: false))
      return nil
    }
    let length = request.headers["content-length"].map { Int($0) } ?? 0
    guard let length, length >= 0, request.headers["transfer-encoding"] == nil else {
      connection.send(HTTPResponse.error(400).serialized(keepAlive: false))
      return nil
    }
    guard length <= HTTPRequest.maxBody else {
      connection.send(HTTPResponse.error(413).serialized(keepAlive: false))
      return nil
    }
    guard connection.receive(atLeast: length) else { return nil }
    request.body = connection.take(length)
    return request
  }
}

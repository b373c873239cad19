import FlyingFox
import FlyingSocks
import Foundation

extension ListenAddress {
  /// An HTTP server on this address, after checking it can be listened on now.
  func server() throws(BridgeError) -> HTTPServer {
    let address: sockaddr_in
    do {
      address = try sockaddr_in.inet(ip4: host, port: port)
    } catch {
      throw BridgeError("cannot listen on \(self): not an IPv4 address")
    }
    try WebBridge.checkListening(on: self)
    return HTTPServer(address: address, logger: .disabled)
  }

  /// Runs `server` (made by `server()`, its routes added) until cancelled; calls
  /// `ready` with the address actually bound (port 0 picks a free one).
  func serve(_ server: HTTPServer, ready: @escaping @Sendable (ListenAddress) -> Void) async throws {
    let task = Task { try await server.run() }
    do {
      try await server.waitUntilListening(timeout: 5)
    } catch {
      task.cancel()
      _ = try? await task.value
      throw BridgeError("cannot listen on \(self): \(error.localizedDescription)")
    }
    var bound = self
    if case .ip4(_, let port) = await server.listeningAddress { bound.port = port }
    ready(bound)
    try await withTaskCancellationHandler {
      try await task.value
    } onCancel: {
      task.cancel()
    }
  }
}

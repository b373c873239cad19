import ForceLink
import Foundation

/// `forcectl ui`'s server: the page's files from `webRoot`, and the `/device`
/// WebSocket that relays bytes to and from one device. `/bridge.json` tells the
/// page which device it is bridged to.
public struct WebBridge: Sendable {
  /// The device.
  public let device: PortAddress
  /// Its baud rate (serial ports only).
  public let baud: Int
  /// How long to wait for a TCP device to accept the connection.
  public let connectTimeout: Duration
  /// Where to serve.
  public let listen: ListenAddress
  /// The directory with index.html and forcepicker.wasm.
  public let webRoot: URL

  /// A bridge; nothing is opened until `run`.
  public init(device: PortAddress, baud: Int, connectTimeout: Duration, listen: ListenAddress, webRoot: URL) {
    self.device = device
    self.baud = baud
    self.connectTimeout = connectTimeout
    self.listen = listen
    self.webRoot = webRoot
  }

  /// Throws, naming the address and `--listen`, when `address` cannot be listened on
  /// now (another `forcectl ui` has it): asked by the commands before they start
  /// anything, for the hint of another port (`run` itself only names the reason).
  public static func checkListening(on address: ListenAddress) throws(BridgeError) {
    guard address.port != 0, let reason = TCPPortProbe.failure(host: address.host, port: Int(address.port)) else {
      return
    }
    let other = address.port == UInt16.max ? 8081 : Int(address.port) + 1
    let hint = reason == "address in use" ? " (another forcectl ui?); try --listen \(address.host):\(other)" : ""
    throw BridgeError("cannot listen on \(address): \(reason)\(hint)")
  }

  /// Serves until cancelled; calls `ready` with the address actually bound (port 0
  /// picks a free one), and `report` with each line a page asks to be shown on the
  /// terminal (a device that went silent).
  public func run(
    ready: @escaping @Sendable (ListenAddress) -> Void, report: @escaping @Sendable (String) -> Void = { _ in }
  ) async throws {
    let relay = DeviceRelay(
      address: device, baud: baud, connectTimeout: connectTimeout, claim: Claim(), report: report)
    let server = try HTTPServer(listen: listen) { [self] in reply(to: $0, relay: relay) }
    await server.run(ready: ready)
  }

  /// The answer to `request`: the device's WebSocket (`relay`), the bridge's
  /// description, a redirect to the page, the page's files; 405 for anything but GET.
  func reply(to request: HTTPRequest, relay: DeviceRelay) -> HTTPReply {
    guard request.method == "GET" else { return .response(.error(405)) }
    switch request.path {
    case "/device": return .webSocket(relay.run)
    case "/bridge.json": return .response(.json(Status.json("bridge", device.description)))
    case "/": return .response(.redirect(to: "/index.html"))
    default: return .response(StaticFiles(root: webRoot).response(for: request.path))
    }
  }
}

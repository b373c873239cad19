/// Where the web page is served: `HOST:PORT`, an IPv4 address (the bridge binds
/// loopback unless told otherwise).
public struct ListenAddress: Equatable, Sendable, CustomStringConvertible {
  /// Dotted IPv4 address, e.g. `127.0.0.1` or `0.0.0.0`.
  public var host: String
  /// TCP port; 0 lets the system choose one.
  public var port: UInt16

  /// The default: loopback, port 8080.
  public static let defaultAddress = ListenAddress(host: "127.0.0.1", port: 8080)

  /// An address from its parts.
  public init(host: String, port: UInt16) {
    self.host = host
    self.port = port
  }

  /// Parses `HOST:PORT` (`localhost` means 127.0.0.1); a bad value throws a
  /// one-line `BridgeError`.
  public init(parsing text: String) throws(BridgeError) {
    guard let colon = text.lastIndex(of: ":") else {
      throw BridgeError("--listen needs HOST:PORT, e.g. 127.0.0.1:8080 (got \"\(text)\")")
    }
    var host = String(text[..<colon])
    let portText = text[text.index(after: colon)...]
    if host == "localhost" { host = "127.0.0.1" }
    guard ListenAddress.isIPv4(host) else {
      throw BridgeError("--listen host must be an IPv4 address such as 127.0.0.1 (got \"\(host)\")")
    }
    guard let port = UInt16(portText) else {
      throw BridgeError("--listen port must be a number from 0 to 65535 (got \"\(portText)\")")
    }
    self.init(host: host, port: port)
  }

  /// Whether only this machine can reach the address (127.0.0.0/8).
  public var isLoopback: Bool { host.hasPrefix("127.") }

  /// `HOST:PORT`.
  public var description: String { "\(host):\(port)" }

  static func isIPv4(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && (UInt8(part) != nil)
      }
  }
}

/// A bridge problem, as one line for the user.
public struct BridgeError: Error, Equatable, CustomStringConvertible {
  /// The message.
  public let description: String
  /// A message.
  public init(_ description: String) { self.description = description }
}

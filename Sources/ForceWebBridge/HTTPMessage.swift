import Foundation

/// A request as the server reads it: the method, the path (percent-decoded, without
/// the query), the headers (names in lower case) and the body.
struct HTTPRequest: Sendable {
  var method: String
  var path: String
  var version: String
  var headers: [String: String]
  var body: [UInt8]

  /// The most a request's head (request line and headers) may take, bytes.
  static let maxHead = 64 * 1024
  /// The most a request's body may take, bytes (the pages post nothing larger).
  static let maxBody = 1024 * 1024

  /// Whether the client asked to keep the connection open after the reply (HTTP/1.1
  /// unless it says `Connection: close`; HTTP/1.0 only if it says `keep-alive`).
  var keepsAlive: Bool {
    let connection = headers["connection"]?.lowercased() ?? ""
    if version == "HTTP/1.0" { return connection.contains("keep-alive") }
    return !connection.contains("close")
  }

  /// Parses a request head (the bytes before the blank line): nil when it is not a
  /// well-formed HTTP/1.x request.
  init?(head: [UInt8]) {
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false)
    guard requestLine.count == 3, requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0",
      !requestLine[0].isEmpty, requestLine[1].hasPrefix("/")
    else { return nil }
    let target = requestLine[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
    guard let path = String(target).removingPercentEncoding else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }
    self.init(method: String(requestLine[0]), path: path, version: String(requestLine[2]), headers: headers, body: [])
  }

  init(method: String, path: String, version: String = "HTTP/1.1", headers: [String: String] = [:], body: [UInt8] = [])
  {
    self.method = method
    self.path = path
    self.version = version
    self.headers = headers
    self.body = body
  }
}

/// A response: status, headers and body. The server adds `Content-Length` and
/// `Connection`.
struct HTTPResponse: Sendable {
  var status: Int
  var headers: [(String, String)]
  var body: [UInt8]

  init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// 200 with a JSON body, never cached.
  static func json(_ text: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
      body: Array(text.utf8))
  }

  /// 307 to `location`.
  static func redirect(to location: String) -> HTTPResponse {
    HTTPResponse(status: 307, headers: [("Location", location)])
  }

  /// A plain-text error page.
  static func error(_ status: Int) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
      body: Array("\(status) \(reason(status))\n".utf8))
  }

  /// The bytes on the wire; `keepAlive` says whether the connection stays open.
  func serialized(keepAlive: Bool) -> [UInt8] {
    var head = "HTTP/1.1 \(status) \(HTTPResponse.reason(status))\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if status != 101 {
      head += "Content-Length: \(body.count)\r\nConnection: \(keepAlive ? "keep-alive" : "close")\r\n"
    }
    head += "\r\n"
    return Array(head.utf8) + body
  }

  static func reason(_ status: Int) -> String {
    switch status {
    case 101: "Switching Protocols"
    case 200: "OK"
    case 307: "Temporary Redirect"
    case 400: "Bad Request"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 409: "Conflict"
    case 413: "Content Too Large"
    case 431: "Request Header Fields Too Large"
    case 503: "Service Unavailable"
    default: "Error"
    }
  }
}

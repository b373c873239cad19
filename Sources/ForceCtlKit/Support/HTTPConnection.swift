import Foundation

/// A kept-alive HTTP/1.1 connection to a loopback server, for a client that asks many
/// times a second (the live presser reads the study's state every few ms; a request
/// through URLSession costs milliseconds, one on an open socket a fraction of one).
/// Bodies must come with a Content-Length, as the bridge's server (`HTTPServer`) sends them.
final class HTTPConnection {
  private let host: String
  private let port: UInt16
  private var fd: Int32 = -1
  private var buffer: [UInt8] = []

  /// A connection to `host:port` (IPv4), opened on the first request.
  init(host: String, port: UInt16) {
    self.host = host
    self.port = port
  }

  deinit { close() }

  /// The body of `method path`'s reply, or nil when it failed (the next call reconnects).
  func request(_ method: String, _ path: String) -> (status: Int, body: Data)? {
    if fd < 0 && !open() { return nil }
    let head = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Length: 0\r\n\r\n"
    let sent = head.utf8CString.withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count - 1, Int32(MSG_NOSIGNAL)) }
    guard sent == head.utf8.count, let reply = readReply() else {
      close()
      return nil
    }
    return reply
  }

  private func readReply() -> (status: Int, body: Data)? {
    let end: [UInt8] = [13, 10, 13, 10]
    var headerEnd: Int?
    while headerEnd == nil {
      if let found = find(end) { headerEnd = found } else if !fill() { return nil }
    }
    let header = String(decoding: buffer[..<headerEnd!], as: UTF8.self)
    buffer.removeFirst(headerEnd! + 4)
    let lines = header.split(separator: "\r\n")
    guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    let length =
      lines.dropFirst().compactMap { line -> Int? in
        let parts = line.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
        return Int(parts[1].trimmingCharacters(in: .whitespaces))
      }.first ?? 0
    while buffer.count < length { if !fill() { return nil } }
    let body = Data(buffer[..<length])
    buffer.removeFirst(length)
    return (status, body)
  }

  private func find(_ pattern: [UInt8]) -> Int? {
    guard buffer.count >= pattern.count else { return nil }
    for start in 0...(buffer.count - pattern.count) where buffer[start..<start + pattern.count].elementsEqual(pattern) {
      return start
    }
    return nil
  }

  private func fill() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
    guard count > 0 else { return false }
    buffer += chunk[..<count]
    return true
  }

  private func open() -> Bool {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr(host)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    if connected != 0 { close() }
    return fd >= 0
  }

  private func close() {
    if fd >= 0 { Glibc.close(fd) }
    fd = -1
    buffer.removeAll()
  }
}

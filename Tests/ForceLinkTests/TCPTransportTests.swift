import Foundation
import Testing

@testable import ForceLink

@Suite struct TCPTransportTests {
  @Test func echoes() throws {
    let listener = LocalListener()
    defer { listener.stop() }
    let link = try TCPTransport(host: "127.0.0.1", port: listener.port)
    defer { link.close() }
    LocalListener.echo(listener.accept())
    #expect(link.portName == "127.0.0.1:\(listener.port)")
    let message: [UInt8] = Array(0...255)
    try link.write(message)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 100)
    while received.count < message.count {
      let count = try link.read(into: &buffer, timeout: .seconds(2))
      try #require(count > 0, "timed out")
      received += buffer[..<count]
    }
    #expect(received == message)
    #expect(try link.read(into: &buffer, timeout: .milliseconds(30)) == 0)
  }

  /// A peer that writes its reply in two pieces with Nagle's algorithm on (as QEMU's
  /// serial socket does) sends the second only once the first is acknowledged: with
  /// quick ACKs the round trip is the peer's, not the host's 40 ms delayed ACK.
  @Test func aReplyInTwoPiecesIsNotHeldByADelayedAck() throws {
    let listener = LocalListener()
    defer { listener.stop() }
    let link = try TCPTransport(host: "127.0.0.1", port: listener.port)
    defer { link.close() }
    let peer = listener.accept()
    Thread.detachNewThread {
      defer { Glibc.close(peer) }
      var request: UInt8 = 0
      let piece = [UInt8](repeating: 7, count: 10)
      while Glibc.read(peer, &request, 1) == 1 {
        _ = piece.withUnsafeBytes { Glibc.write(peer, $0.baseAddress, 10) }
        _ = piece.withUnsafeBytes { Glibc.write(peer, $0.baseAddress, 10) }
      }
    }
    var times: [Duration] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    for _ in 0..<40 {
      let start = ContinuousClock.now
      try link.write([1])
      var received = 0
      while received < 20 {
        let count = try link.read(into: &buffer, timeout: .seconds(2))
        try #require(count > 0, "timed out")
        received += count
      }
      times.append(ContinuousClock.now - start)
    }
    let median = times.sorted()[times.count / 2]
    #expect(median < .milliseconds(20), "median round trip \(median)")
  }

  @Test func connectsThroughAddress() throws {
    let listener = LocalListener()
    defer { listener.stop() }
    let link = try PortAddress(parsing: "tcp://localhost:\(listener.port)").open()
    defer { link.close() }
    LocalListener.echo(listener.accept())
    try link.write([42])
    var buffer = [UInt8](repeating: 0, count: 1)
    #expect(try link.read(into: &buffer, timeout: .seconds(2)) == 1 && buffer == [42])
  }

  @Test func refused() {
    let unused = LocalListener(listening: false)  // bound, not listening: connections are refused
    defer { unused.stop() }
    do {
      _ = try TCPTransport(host: "127.0.0.1", port: unused.port)
      Issue.record("connected")
    } catch {
      #expect(error == .connectionRefused(address: "127.0.0.1:\(unused.port)"))
      #expect(
        error.description
          == "nothing is listening on 127.0.0.1:\(unused.port): start `forcectl sitl` or `forcectl emulate`"
      )
    }
  }

  @Test func unknownHost() {
    #expect(throws: LinkError.hostNotFound("no-such-host.invalid")) {
      try TCPTransport(host: "no-such-host.invalid", port: 5760)
    }
  }

  @Test func peerClosingIsDisconnectedOnRead() throws {
    let listener = LocalListener()
    defer { listener.stop() }
    let link = try TCPTransport(host: "127.0.0.1", port: listener.port)
    defer { link.close() }
    let client = listener.accept()
    _ = [UInt8]([7, 8]).withUnsafeBytes { send(client, $0.baseAddress, 2, 0) }
    close(client)
    var buffer = [UInt8](repeating: 0, count: 16)
    var received: [UInt8] = []
    #expect(throws: LinkError.peerClosed("127.0.0.1:\(listener.port)")) {
      while true {
        let count = try link.read(into: &buffer, timeout: .seconds(5))
        received += buffer[..<count]
      }
    }
    #expect(received == [7, 8], "data sent before the close is delivered first")
  }

  @Test func peerClosingIsDisconnectedOnWrite() throws {
    let listener = LocalListener()
    defer { listener.stop() }
    let link = try TCPTransport(host: "127.0.0.1", port: listener.port)
    defer { link.close() }
    close(listener.accept())
    // The first writes may still be buffered; once the RST arrives, writing fails
    // with EPIPE/ECONNRESET (and no SIGPIPE kills the test process).
    #expect(throws: LinkError.disconnected("127.0.0.1:\(listener.port)")) {
      for _ in 0..<200 {
        try link.write([1, 2, 3])
        Thread.sleep(forTimeInterval: 0.01)
      }
    }
  }

  @Test func closedTransportThrowsClosed() throws {
    let listener = LocalListener()
    defer { listener.stop() }
    let link = try TCPTransport(host: "127.0.0.1", port: listener.port)
    link.close()
    link.close()
    var buffer = [UInt8](repeating: 0, count: 1)
    #expect(throws: LinkError.closed(link.portName)) {
      try link.read(into: &buffer, timeout: .zero)
    }
    #expect(throws: LinkError.closed(link.portName)) { try link.write([1]) }
  }

  /// A listener whose accept queue is full drops further SYNs, so connecting hangs until the timeout.
  @Test func connectTimeout() throws {
    let listener = LocalListener(backlog: 0)
    defer { listener.stop() }
    var held: [TCPTransport] = []
    defer { for link in held { link.close() } }
    var outcome: LinkError?
    for _ in 0..<8 {
      do {
        held.append(
          try TCPTransport(
            host: "127.0.0.1", port: listener.port, connectTimeout: .milliseconds(300)))
      } catch {
        outcome = error
        break
      }
    }
    #expect(outcome == .connectTimedOut(address: "127.0.0.1:\(listener.port)"))
  }
}

import ForceTestSupport
import Testing

@testable import ForceLink

@Suite struct FakeTransportTests {
  @Test func scriptedReads() throws {
    let fake = FakeTransport(script: [.bytes([1, 2, 3, 4, 5]), .timeout, .bytes([6])])
    var buffer = [UInt8](repeating: 0, count: 3)
    #expect(try fake.read(into: &buffer, timeout: .seconds(1)) == 3 && buffer == [1, 2, 3])
    #expect(try fake.read(into: &buffer, timeout: .seconds(1)) == 2 && buffer[..<2] == [4, 5])
    #expect(try fake.read(into: &buffer, timeout: .milliseconds(5)) == 0)
    #expect(try fake.read(into: &buffer, timeout: .seconds(1)) == 1 && buffer[0] == 6)
    #expect(try fake.read(into: &buffer, timeout: .seconds(1)) == 0, "exhausted: timeouts")
    #expect(fake.readTimeouts.count == 5 && fake.readTimeouts[2] == .milliseconds(5))
  }

  @Test func capturesWritesAndResponds() throws {
    let fake = FakeTransport()
    fake.respond = { request in [.bytes(request.reversed())] }
    try fake.write([1, 2])
    try fake.write([3])
    #expect(fake.writes == [[1, 2], [3]])
    #expect(fake.written == [1, 2, 3])
    var buffer = [UInt8](repeating: 0, count: 8)
    #expect(try fake.read(into: &buffer, timeout: .zero) == 2 && buffer[..<2] == [2, 1])
  }

  @Test func disconnectSticks() throws {
    let fake = FakeTransport(portName: "/dev/ttyACM0", script: [.bytes([9]), .disconnect])
    var buffer = [UInt8](repeating: 0, count: 8)
    #expect(try fake.read(into: &buffer, timeout: .zero) == 1)
    #expect(throws: LinkError.disconnected("/dev/ttyACM0")) {
      try fake.read(into: &buffer, timeout: .zero)
    }
    #expect(throws: LinkError.disconnected("/dev/ttyACM0")) {
      try fake.read(into: &buffer, timeout: .zero)
    }
    #expect(throws: LinkError.disconnected("/dev/ttyACM0")) { try fake.write([1]) }
    #expect(fake.isDisconnected)
  }

  @Test func injectedErrorsAndClose() throws {
    let fake = FakeTransport(script: [.error(.writeTimedOut("fake"))])
    var buffer = [UInt8](repeating: 0, count: 8)
    #expect(throws: LinkError.writeTimedOut("fake")) {
      try fake.read(into: &buffer, timeout: .zero)
    }
    #expect(try fake.read(into: &buffer, timeout: .zero) == 0, "errors are one-shot")
    fake.nextWriteError = .writeTimedOut("fake")
    #expect(throws: LinkError.writeTimedOut("fake")) { try fake.write([1]) }
    try fake.write([2])
    #expect(fake.writes == [[2]])
    fake.disconnect()
    #expect(throws: LinkError.disconnected("fake")) { try fake.write([3]) }
    fake.close()
    #expect(fake.isClosed)
    #expect(throws: LinkError.closed("fake")) { try fake.write([3]) }
  }

  @Test func usableAsTransport() throws {
    let transport: any Transport = FakeTransport(script: [.bytes([1])], whenExhausted: .disconnect)
    var buffer = [UInt8](repeating: 0, count: 4)
    #expect(try transport.read(into: &buffer, timeout: .zero) == 1)
    #expect(throws: LinkError.disconnected("fake")) {
      try transport.read(into: &buffer, timeout: .zero)
    }
  }
}

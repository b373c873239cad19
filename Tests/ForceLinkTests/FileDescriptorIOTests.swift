import Testing

@testable import ForceLink

/// The tty I/O core of `SerialTransport`, on a pty (libserialport itself cannot open ptys).
@Suite struct FileDescriptorIOTests {
  @Test func readsWhatArrives() throws {
    let pty = PseudoTerminal()
    let io = FileDescriptorIO(fd: pty.device, portName: pty.devicePath, isSocket: false)
    pty.send([1, 2, 3, 0xFF])
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = try io.read(into: &buffer, timeout: .seconds(2))
    #expect(Array(buffer[..<count]) == [1, 2, 3, 0xFF])
  }

  @Test func readTimesOutWithZero() throws {
    let pty = PseudoTerminal()
    let io = FileDescriptorIO(fd: pty.device, portName: pty.devicePath, isSocket: false)
    var buffer = [UInt8](repeating: 0, count: 16)
    let start = ContinuousClock.now
    #expect(try io.read(into: &buffer, timeout: .milliseconds(50)) == 0)
    #expect(ContinuousClock.now - start >= .milliseconds(45))
    #expect(try io.read(into: &buffer, timeout: .zero) == 0)
  }

  @Test func writesReachTheOtherEnd() throws {
    let pty = PseudoTerminal()
    let io = FileDescriptorIO(fd: pty.device, portName: pty.devicePath, isSocket: false)
    try io.writeAll([0x10, 0x00, 0x7F], timeout: .seconds(1))
    #expect(pty.receive(count: 3) == [0x10, 0x00, 0x7F])
  }

  @Test func hangUpIsDisconnectedOnRead() throws {
    let pty = PseudoTerminal()
    let io = FileDescriptorIO(fd: pty.device, portName: "/dev/ttyACM0", isSocket: false)
    pty.hangUp()
    var buffer = [UInt8](repeating: 0, count: 16)
    let start = ContinuousClock.now
    #expect(throws: LinkError.disconnected("/dev/ttyACM0")) {
      try io.read(into: &buffer, timeout: .seconds(5))
    }
    #expect(ContinuousClock.now - start < .seconds(1), "reported at once, not after the timeout")
  }

  @Test func hangUpIsDisconnectedOnWrite() throws {
    let pty = PseudoTerminal()
    let io = FileDescriptorIO(fd: pty.device, portName: "/dev/ttyACM0", isSocket: false)
    pty.hangUp()
    #expect(throws: LinkError.disconnected("/dev/ttyACM0")) {
      try io.writeAll([1], timeout: .seconds(1))
    }
  }

  @Test func fullOutputBufferTimesOut() throws {
    let pty = PseudoTerminal()  // nobody reads the controller side
    let io = FileDescriptorIO(fd: pty.device, portName: "/dev/ttyACM0", isSocket: false)
    let chunk = [UInt8](repeating: 0x55, count: 64 * 1024)
    #expect(throws: LinkError.writeTimedOut("/dev/ttyACM0")) {
      for _ in 0..<64 { try io.writeAll(chunk, timeout: .milliseconds(100)) }
    }
  }

  @Test func pollMilliseconds() {
    #expect(Duration.zero.pollMilliseconds == 0)
    #expect(Duration.milliseconds(-5).pollMilliseconds == 0)
    #expect(Duration.microseconds(1).pollMilliseconds == 1)
    #expect(Duration.milliseconds(1500).pollMilliseconds == 1500)
    #expect(Duration.seconds(1_000_000_000).pollMilliseconds == Int32.max)
  }
}

import ForceTestSupport
import Foundation
import Testing

@testable import ForceLink

@Suite struct SerialTransportTests {
  @Test func missingDevice() {
    do {
      _ = try SerialTransport(path: "/dev/ttyACM9")
      Issue.record("opened a missing device")
    } catch {
      #expect(error == .noSuchPort("/dev/ttyACM9"))
      #expect(
        error.description
          == "no serial port /dev/ttyACM9: is the board plugged in? `forcectl ports` lists what is connected"
      )
    }
  }

  @Test func danglingSymlinkIsMissing() throws {
    let link = temporaryPath("dangling")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/ttyACM9")
    defer { try? FileManager.default.removeItem(atPath: link) }
    #expect(throws: LinkError.noSuchPort(link)) { try SerialTransport(path: link) }
  }

  @Test func nonSerialFiles() throws {
    #expect(throws: LinkError.notASerialPort("/dev/null")) {
      try SerialTransport(path: "/dev/null")
    }
    let file = temporaryPath("regular")
    _ = FileManager.default.createFile(atPath: file, contents: Data())
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(throws: LinkError.notASerialPort(file)) { try SerialTransport(path: file) }
  }

  @Test func pseudoTerminalIsNotASerialPort() {
    let pty = PseudoTerminal()
    #expect(throws: LinkError.notASerialPort(pty.devicePath)) {
      try SerialTransport(path: pty.devicePath)
    }
  }

  @Test func badBaudRate() {
    #expect(throws: LinkError.unsupportedSetting(port: "/dev/ttyACM9", setting: "0 baud")) {
      try SerialTransport(path: "/dev/ttyACM9", baudRate: 0)
    }
  }

  @Test func openThroughAddress() {
    #expect(throws: LinkError.noSuchPort("/dev/ttyACM9")) {
      _ = try PortAddress(parsing: "ttyACM9").open()
    }
  }

  /// A real serial port, when one is named in FORCELINK_TEST_SERIAL_PORT (e.g. /dev/ttyS0).
  /// Run as a user without access to it to check the permission message instead.
  @Test(.enabled(if: liveSerialPort != nil)) func livePort() throws {
    let path = try #require(liveSerialPort)
    guard access(path, R_OK | W_OK) == 0 else {
      #expect(throws: LinkError.permissionDenied(path)) { try SerialTransport(path: path) }
      return
    }
    let port = try SerialTransport(path: path, baudRate: 115_200)
    var buffer = [UInt8](repeating: 0, count: 64)
    #expect(try port.read(into: &buffer, timeout: .milliseconds(20)) >= 0)
    #expect(throws: LinkError.portBusy(path)) { try SerialTransport(path: path) }
    port.close()
    #expect(throws: LinkError.closed(path)) { try port.read(into: &buffer, timeout: .zero) }
    let again = try SerialTransport(path: path, baudRate: 9600)  // lock released on close
    again.close()
  }
}

let liveSerialPort = ProcessInfo.processInfo.environment["FORCELINK_TEST_SERIAL_PORT"]

func temporaryPath(_ name: String) -> String {
  TestScratch.file("forcelink-\(name)").path
}

import ForceDevice
import ForceLink
import Foundation

/// The micro:bit image in QEMU with its UART on a Unix-domain socket instead of TCP.
///
/// QEMU's nRF51 UART raises TXDRDY only once the chardev has taken the byte, and its
/// chardev writes what the socket takes without waiting. Over TCP on loopback the
/// kernel gives QEMU's socket a send buffer of megabytes (sized from loopback's 64 KB
/// segments), so a host that reads slowly never holds the UART back. A Unix stream
/// socket charges every write (QEMU writes a byte at a time) against a fixed send
/// buffer, so after a few hundred bytes the UART waits for the host: a host that
/// reads at 115 200 baud's pace drains it at that pace, as the micro:bit's line does.
final class QEMUUnixSerial {
  let process = Process()
  let path: String

  init(image: URL = DeviceUnderTest.firmwareImage) throws {
    path =
      FileManager.default.temporaryDirectory.appendingPathComponent("qemu-\(UUID().uuidString.prefix(8)).sock")
      .path
    process.executableURL = try QEMU.locate()
    process.arguments = QEMU.machineArguments + ["-kernel", image.path, "-serial", "unix:\(path),server=on,wait=off"]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  deinit {
    process.killAndReap()
    unlink(path)
  }

  /// Connects, retrying while QEMU starts listening.
  func connect(within: Duration = .seconds(10)) throws -> DeviceClient {
    let deadline = ContinuousClock.now + within
    while ContinuousClock.now < deadline && process.isRunning {
      if let transport = try? UnixSocketTransport(path: path) { return DeviceClient(transport: transport) }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return DeviceClient(transport: try UnixSocketTransport(path: path))
  }
}

/// A `Transport` over a connected Unix stream socket (for `QEMUUnixSerial`).
final class UnixSocketTransport: Transport {
  let portName: String
  private var fd: Int32

  init(path: String) throws(LinkError) {
    portName = path
    fd = try UnixSocketTransport.connect(path)
  }

  private static func connect(_ path: String) throws(LinkError) -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw LinkError(errno: errno, during: .connect, port: path) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      _ = Glibc.close(descriptor)
      throw LinkError(errno: code, during: .connect, port: path)
    }
    return descriptor
  }

  deinit { close() }

  func write(_ bytes: [UInt8]) throws(LinkError) {
    guard fd >= 0 else { throw .closed(portName) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL)) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .disconnected(portName)
      }
      written += count
    }
  }

  func read(into buffer: inout [UInt8], timeout: Duration) throws(LinkError) -> Int {
    guard fd >= 0 else { throw .closed(portName) }
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(max(0, timeout / .milliseconds(1)).rounded(.up))
    guard poll(&entry, 1, milliseconds) > 0 else { return 0 }
    let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    if count == 0 { throw .disconnected(portName) }
    return max(count, 0)
  }

  func close() {
    guard fd >= 0 else { return }
    _ = Glibc.close(fd)
    fd = -1
  }
}

import Testing

@testable import ForceLink

@Suite struct PortAddressTests {
  @Test func parsesTCP() throws {
    #expect(try PortAddress(parsing: "tcp://127.0.0.1:5760") == .tcp(host: "127.0.0.1", port: 5760))
    #expect(try PortAddress(parsing: "TCP://localhost:1") == .tcp(host: "localhost", port: 1))
    #expect(
      try PortAddress(parsing: "  tcp://emu.local:65535 ") == .tcp(host: "emu.local", port: 65535))
    #expect(try PortAddress(parsing: "tcp://[::1]:5760") == .tcp(host: "::1", port: 5760))
  }

  @Test func parsesSerialPaths() throws {
    #expect(try PortAddress(parsing: "/dev/ttyACM0") == .serial(path: "/dev/ttyACM0"))
    #expect(try PortAddress(parsing: "ttyACM0") == .serial(path: "/dev/ttyACM0"))
    #expect(try PortAddress(parsing: "cu.usbmodem1102") == .serial(path: "/dev/cu.usbmodem1102"))
    // Any other bare name is a path relative to the current directory, not /dev/NAME.
    #expect(try PortAddress(parsing: "somefile") == .serial(path: "somefile"))
    #expect(try PortAddress(parsing: "./ttyACM0") == .serial(path: "./ttyACM0"))
    #expect(try PortAddress(parsing: "./ttyX") == .serial(path: "./ttyX"))
    #expect(
      try PortAddress(parsing: "/dev/serial/by-id/usb-ARM_DAPLink_CMSIS-DAP_99-if01")
        == .serial(path: "/dev/serial/by-id/usb-ARM_DAPLink_CMSIS-DAP_99-if01"))
  }

  @Test(arguments: [
    ("tcp://host", "tcp address needs a port: tcp://HOST:PORT"),
    ("tcp://host:", "tcp address needs a port: tcp://HOST:PORT"),
    ("tcp://[::1]", "tcp address needs a port: tcp://HOST:PORT"),
    ("tcp://:5760", "tcp address needs a host: tcp://HOST:PORT"),
    ("tcp://[]:5760", "tcp address needs a host: tcp://HOST:PORT"),
    ("tcp://host:0", "tcp port must be a number from 1 to 65535, not \"0\": tcp://HOST:PORT"),
    (
      "tcp://host:65536",
      "tcp port must be a number from 1 to 65535, not \"65536\": tcp://HOST:PORT"
    ),
    ("tcp://host:57a", "tcp port must be a number from 1 to 65535, not \"57a\": tcp://HOST:PORT"),
    ("tcp://host:+5", "tcp port must be a number from 1 to 65535, not \"+5\": tcp://HOST:PORT"),
    ("tcp://::1:5760", "put IPv6 hosts in brackets: tcp://[::1]:PORT"),
    ("tcp://[::1:5760", "unclosed [ in tcp address: write IPv6 hosts as tcp://[::1]:PORT"),
    ("", "empty port address: give a serial device such as /dev/ttyACM0, or tcp://HOST:PORT"),
    (
      "udp://h:1",
      "unsupported address scheme \"udp\": give a serial device such as /dev/ttyACM0, or tcp://HOST:PORT"
    ),
  ])
  func rejects(text: String, message: String) {
    #expect(throws: LinkError.invalidAddress(message)) { try PortAddress(parsing: text) }
  }

  @Test func describesItself() throws {
    #expect(PortAddress.tcp(host: "::1", port: 5760).description == "tcp://[::1]:5760")
    #expect(PortAddress.tcp(host: "127.0.0.1", port: 5760).description == "tcp://127.0.0.1:5760")
    #expect(PortAddress.serial(path: "/dev/ttyACM0").description == "/dev/ttyACM0")
    for text in ["tcp://[::1]:5760", "tcp://127.0.0.1:5760", "/dev/ttyACM0"] {
      #expect(try PortAddress(parsing: text).description == text)
    }
  }
}

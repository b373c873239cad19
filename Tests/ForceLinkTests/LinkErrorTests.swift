import Glibc
import Testing

@testable import ForceLink

@Suite struct LinkErrorTests {
  @Test func messages() {
    #expect(
      LinkError.noSuchPort("/dev/ttyACM9").description
        == "no serial port /dev/ttyACM9: is the board plugged in? `forcectl ports` lists what is connected"
    )
    #expect(
      LinkError.permissionDenied("/dev/ttyACM0").description
        == "permission denied on /dev/ttyACM0: add yourself to the dialout group: sudo usermod -aG dialout $USER, then log in again"
    )
    #expect(
      LinkError.connectionRefused(address: "127.0.0.1:5760").description
        == "nothing is listening on 127.0.0.1:5760: start `forcectl sitl` or `forcectl emulate`")
    #expect(
      LinkError.portBusy("/dev/ttyACM0").description
        == "/dev/ttyACM0 is busy: another program has it open (another forcectl, screen, minicom, a serial monitor or ModemManager); close it and try again"
    )
    #expect(
      LinkError.disconnected("/dev/ttyACM0").description
        == "lost connection to /dev/ttyACM0: the device was unplugged or reset, or the emulator stopped"
    )
    #expect(
      LinkError.system(operation: "reading from", port: "/dev/ttyACM0", errno: EPROTO).description
        == "reading from /dev/ttyACM0 failed: Protocol error (errno \(EPROTO))")
    #expect(
      LinkError.unreachable(address: "10.0.0.9:5760", errno: EHOSTUNREACH).description
        == "cannot reach 10.0.0.9:5760: No route to host; check the address and the network")
  }

  @Test(arguments: [
    (ENOENT, LinkError.noSuchPort("/dev/x")), (ENODEV, .noSuchPort("/dev/x")),
    (ENXIO, .noSuchPort("/dev/x")),
    (EACCES, .permissionDenied("/dev/x")), (EPERM, .permissionDenied("/dev/x")),
    (EBUSY, .portBusy("/dev/x")), (EAGAIN, .portBusy("/dev/x")),
    (ENOTTY, .notASerialPort("/dev/x")),
    (EINVAL, .system(operation: "opening", port: "/dev/x", errno: EINVAL)),
  ])
  func mapsOpenErrors(code: Int32, expected: LinkError) {
    #expect(LinkError(errno: code, during: .open, port: "/dev/x") == expected)
  }

  @Test(arguments: [EIO, ENXIO, ENODEV, EPIPE, ECONNRESET, ENOTCONN, ESHUTDOWN])
  func mapsDeviceGoneToDisconnected(code: Int32) {
    #expect(LinkError(errno: code, during: .read, port: "p") == .disconnected("p"))
    #expect(LinkError(errno: code, during: .write, port: "p") == .disconnected("p"))
  }

  @Test func mapsOtherIOErrors() {
    #expect(LinkError(errno: EBADF, during: .read, port: "p") == .closed("p"))
    #expect(
      LinkError(errno: EINVAL, during: .write, port: "p")
        == .system(operation: "writing to", port: "p", errno: EINVAL))
    #expect(LinkError(errno: EIO, during: .configure, port: "p") == .disconnected("p"))
  }

  @Test func mapsConnectErrors() {
    #expect(
      LinkError(errno: ECONNREFUSED, during: .connect, port: "h:1")
        == .connectionRefused(address: "h:1"))
    #expect(
      LinkError(errno: ETIMEDOUT, during: .connect, port: "h:1") == .connectTimedOut(address: "h:1")
    )
    #expect(
      LinkError(errno: ENETUNREACH, during: .connect, port: "h:1")
        == .unreachable(address: "h:1", errno: ENETUNREACH))
  }
}

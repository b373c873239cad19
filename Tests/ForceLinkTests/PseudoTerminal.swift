#if canImport(Glibc)
  import Glibc
#endif

/// A raw-mode pty pair: the test drives `controller`; code under test uses `device`
/// (non-blocking), which behaves like a tty that hangs up when the controller closes.
final class PseudoTerminal {
  private(set) var controller: Int32
  let device: Int32
  let devicePath: String

  init() {
    // posix_openpt/unlockpt/ptsname are not visible through Swift's Glibc module; use the
    // Linux ioctls they wrap (asm-generic values: TIOCGPTN, TIOCSPTLCK).
    controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    precondition(controller >= 0)
    precondition(ioctl(controller, 0x4004_5431, &unlock) == 0)
    precondition(ioctl(controller, 0x8004_5430, &number) == 0)
    devicePath = "/dev/pts/\(number)"
    device = open(devicePath, O_RDWR | O_NOCTTY | O_NONBLOCK)
    precondition(device >= 0)
    var settings = termios()
    tcgetattr(device, &settings)
    cfmakeraw(&settings)
    tcsetattr(device, TCSANOW, &settings)
  }

  func send(_ bytes: [UInt8]) {
    precondition(
      bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) } == bytes.count)
  }

  func receive(count: Int) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: count)
    var total = 0
    while total < count {
      let got = buffer.withUnsafeMutableBytes {
        read(controller, $0.baseAddress! + total, count - total)
      }
      precondition(got > 0)
      total += got
    }
    return buffer
  }

  /// Hangs up the device side, as unplugging a USB serial adapter does.
  func hangUp() {
    close(controller)
    controller = -1
  }

  deinit {
    if controller >= 0 { close(controller) }
    close(device)
  }
}

import ForceEngine
import ForceProtocol
import ForceTestSupport
import Foundation

/// A Pico running this firmware, faked on a TCP port for `forcectl flash`: it answers
/// `hello` with a Pico's `info` (the bootloader capability set) and `bootsel` with
/// `ack`, then "reboots into BOOTSEL mode": it hangs the connection up, refuses new
/// ones, and mounts its drive (a directory holding INFO_UF2.TXT) after `mountDelay`,
/// or never. Once a `.uf2` lands on the drive it keeps the image, unmounts the drive
/// and answers again, as a board that flashed itself and restarted.
final class FakePico: @unchecked Sendable {
  let address: String
  let drive: URL
  private let listener: Int32
  private let mountsDrive: Bool
  private let lock = NSLock()
  private var stopped = false
  private var inBootsel = false
  private var flashedImage: Data?
  private var bootselRequests = 0
  private let done = DispatchSemaphore(value: 0)

  /// A board whose drive will be `drive`; `mountsDrive` false: it never appears.
  init(drive: URL, mountsDrive: Bool = true) throws {
    guard let (port, fd) = Support.listener() else { throw Support.CommandFailed(description: "no listener") }
    address = "tcp://127.0.0.1:\(port)"
    listener = fd
    self.drive = drive
    self.mountsDrive = mountsDrive
    Thread.detachNewThread { [self] in serve() }
  }

  /// The image copied onto the drive, once the board has "flashed" it.
  var flashed: Data? { lock.withLock { flashedImage } }
  /// `bootsel` requests answered.
  var bootsels: Int { lock.withLock { bootselRequests } }

  func stop() {
    lock.withLock { stopped = true }
    done.wait()
    close(listener)
  }

  private var isStopped: Bool { lock.withLock { stopped } }

  private func serve() {
    defer { done.signal() }
    while !isStopped {
      if lock.withLock({ inBootsel }) { watchDrive() }
      var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 50) > 0 else { continue }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      if lock.withLock({ inBootsel }) {
        close(client)  // no serial port while in BOOTSEL mode
        continue
      }
      converse(client)
      close(client)
    }
  }

  /// In BOOTSEL mode: once an image is on the drive, flash it and come back.
  private func watchDrive() {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: drive.path)) ?? []
    guard let image = files.first(where: { $0.hasSuffix(".uf2") }) else { return }
    let data = try? Data(contentsOf: drive.appendingPathComponent(image))
    try? FileManager.default.removeItem(at: drive)  // unmounted
    lock.withLock {
      flashedImage = data
      inBootsel = false
    }
  }

  private func converse(_ client: Int32) {
    var decoder = FrameDecoder()
    var buffer = [UInt8](repeating: 0, count: 512)
    while !isStopped {
      var poller = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 50) >= 0 else { return }
      guard poller.revents != 0 else { continue }
      let count = read(client, &buffer, buffer.count)
      guard count > 0 else { return }
      for byte in buffer[0..<count] {
        guard let frame = decoder.feed(byte), let request = try? Message.decodeRequest(frame) else { continue }
        switch request {
        case .hello:
          let info = DeviceInfo(
            firmwareMajor: ReleaseVersion.major, firmwareMinor: ReleaseVersion.minor,
            firmwarePatch: ReleaseVersion.patch, resetReason: 0,
            capabilities: [.adc, .flash, .injection, .bench, .streaming, .bootloader], parameterSource: .flash,
            board: ShortText("pico"))
          send(.info(info), seq: frame.seq, to: client)
        case .bootsel:
          send(.ack(Ack(.bootsel)), seq: frame.seq, to: client)
          lock.withLock {
            bootselRequests += 1
            inBootsel = true
          }
          if mountsDrive { mount() }
          return  // the tty goes away
        default:
          send(.error(ErrorReply(code: .unknownType, requestType: frame.type)), seq: frame.seq, to: client)
        }
      }
    }
  }

  /// The boot ROM's drive, a moment after the reboot.
  private func mount() {
    Thread.sleep(forTimeInterval: 0.3)
    try? FileManager.default.createDirectory(at: drive, withIntermediateDirectories: true)
    try? Data("UF2 Bootloader v1.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n".utf8)
      .write(to: drive.appendingPathComponent("INFO_UF2.TXT"))
  }

  private func send(_ message: Message, seq: UInt8, to client: Int32) {
    var out = [UInt8](repeating: 0, count: FrameFormat.maxWireSize)
    guard let count = try? out.withUnsafeMutableBytes({ try FrameEncoder.encode(message, seq: seq, into: $0) }) else {
      return
    }
    _ = out.withUnsafeBytes { write(client, $0.baseAddress, count) }
  }
}

import ForceCtlKit
import Foundation

/// A firmware build running in a subprocess for end-to-end tests: the SITL host build
/// or the micro:bit image in QEMU, its UART on a free TCP port.
final class DeviceUnderTest {
  enum Kind: String, CustomStringConvertible, CaseIterable {
    case sitl
    case qemu
    var description: String { rawValue }
  }

  let kind: Kind
  let port: Int
  let process: Process
  let flashFile: URL

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Where the host build put the SITL binary: beside the test binary (the test
  /// command builds the `forcepicker-sitl` product first).
  static var sitlBinary: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("forcepicker-sitl")
  }

  static var firmwareImage: URL {
    root.appendingPathComponent(".build-firmware/microbit/forcepicker-microbit.elf")
  }

  /// Whether this kind can run here (QEMU needs the emulator and a built image).
  static func available(_ kind: Kind) -> Bool {
    switch kind {
    case .sitl: return FileManager.default.isExecutableFile(atPath: sitlBinary.path)
    case .qemu:
      return FileManager.default.fileExists(atPath: firmwareImage.path)
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/qemu-system-arm")
    }
  }

  init(_ kind: Kind, flash: URL? = nil, icount: Bool = false, trace: URL? = nil) throws {
    self.kind = kind
    port = DeviceUnderTest.freePort()
    flashFile = flash ?? FileManager.default.temporaryDirectory.appendingPathComponent("fp-\(UUID().uuidString).flash")
    process = Process()
    switch kind {
    case .sitl:
      process.executableURL = DeviceUnderTest.sitlBinary
      process.arguments =
        ["--port", "\(port)", "--flash", flashFile.path] + (trace.map { ["--trace", $0.path] } ?? [])
    case .qemu:
      process.executableURL = URL(fileURLWithPath: "/usr/bin/qemu-system-arm")
      process.arguments =
        [
          "-M", "microbit", "-display", "none", "-monitor", "none", "-kernel", DeviceUnderTest.firmwareImage.path,
          "-serial", "tcp:127.0.0.1:\(port),server=on,wait=off",
        ] + (icount ? ["-icount", "shift=0"] : [])
    }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  var address: String { "tcp://127.0.0.1:\(port)" }

  /// Connects, retrying while the process starts listening.
  func connect() throws -> DeviceClient {
    var lastError: Error?
    for _ in 0..<50 {
      do {
        return try DeviceClient.connect(to: address, timeout: .seconds(3))
      } catch {
        lastError = error
        Thread.sleep(forTimeInterval: 0.1)
      }
    }
    throw lastError!
  }

  /// Kills the process.
  func stop() { process.killAndReap() }

  deinit { stop() }

  static func freePort() -> Int { EmulatedDevice.freePort() }
}

extension Process {
  /// Kills the process and reaps it. (Process.waitUntilExit can hang under the test
  /// runner, so this signals and reaps with POSIX calls.)
  func killAndReap() {
    let pid = processIdentifier
    guard pid > 0, kill(pid, 0) == 0 else { return }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
  }
}

import ForceDevice
import Foundation
import Testing

/// A firmware build running in a subprocess for end-to-end tests: the SITL host build
/// or the micro:bit image in QEMU, its UART on a free TCP port. It is `forcectl`'s
/// own `EmulatedDevice`, so the image path and the emulator command line are the
/// ones `forcectl demo` uses.
final class DeviceUnderTest {
  typealias Kind = EmulatedDevice.Kind

  let device: EmulatedDevice

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Where the host build put the SITL binary: beside the test binary (the test
  /// command builds the `forcepicker-sitl` product first).
  static var sitlBinary: URL { HostTool.besideExecutable(SITLBinary.name) }

  static var firmwareImage: URL { FirmwareImage.elf(in: root) }
  /// The micro:bit image whose ADC is the built-in gesture (`Tools/build-firmware
  /// --adc gesture`): QEMU running whole streamed frames.
  static var gestureImage: URL {
    FirmwareImage.file("elf", image: "app --adc gesture", in: root)
  }

  /// Whether this kind can run here (QEMU needs the emulator and a built image).
  static func available(_ kind: Kind) -> Bool {
    switch kind {
    case .sitl: return FileManager.default.isExecutableFile(atPath: sitlBinary.path)
    case .qemu:
      return FileManager.default.fileExists(atPath: firmwareImage.path) && HostTool.which(QEMU.executable) != nil
    }
  }

  /// Whether this run is CI's (`CI` set): there a missing emulator or image fails the
  /// tests that need it instead of skipping them.
  static let inCI = ProcessInfo.processInfo.environment["CI"] != nil

  /// The trait of a test that needs `kind`: skipped, and said so, where it cannot run
  /// here; in CI it runs, and fails when the emulator or image is missing.
  static func needs(_ kind: Kind) -> ConditionTrait {
    .enabled(
      if: available(kind) || inCI,
      kind == .sitl ? "forcepicker-sitl is not built" : "QEMU or the micro:bit image (Tools/build-firmware) is missing")
  }

  /// `image` replaces the kind's own (the SITL binary, the micro:bit image);
  /// `sitlOptions` go to the SITL (`--baud`).
  init(
    _ kind: Kind, image: URL? = nil, flash: URL? = nil, icount: Bool = false, icountShift: Int = 0,
    trace: URL? = nil, traceOptions: [String] = [], sitlOptions: [String] = []
  ) throws {
    device = try EmulatedDevice(
      kind: kind, image: image ?? (kind == .sitl ? DeviceUnderTest.sitlBinary : DeviceUnderTest.firmwareImage),
      flashFile: flash, trace: trace, traceOptions: traceOptions, icount: icount, icountShift: icountShift,
      sitlOptions: sitlOptions)
  }

  var address: String { device.address }

  /// Connects, retrying while the process starts listening.
  func connect() throws -> DeviceClient {
    try device.connect(within: .seconds(10), timeout: .seconds(3))
  }

  /// Stops the process.
  func stop() { device.stop() }

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

import ForceTrace
import Foundation

/// A firmware build in a subprocess (the SITL host build or the micro:bit image in
/// QEMU) with its UART on a free local TCP port. `stop()` kills it; so does deinit.
public final class EmulatedDevice: @unchecked Sendable {
  /// Which build runs.
  public enum Kind: String, CaseIterable, CustomStringConvertible, Sendable {
    /// The host build of the firmware (`forcepicker-sitl`).
    case sitl
    /// The micro:bit image in QEMU.
    case qemu

    public var description: String { rawValue }
  }

  /// The process id of the device started last and still running, or 0: what a
  /// Ctrl-C handler terminates before it exits.
  nonisolated(unsafe) public static var runningPID: pid_t = 0

  /// Which build runs.
  public let kind: Kind
  /// The local TCP port of its UART.
  public let port: Int
  /// The subprocess.
  public let process: Process
  /// The file that keeps the SITL's parameter flash (nil for QEMU).
  public let flashFile: URL?
  /// Whether `flashFile` is a temporary file this device made, removed by `stop()`.
  private let ownsFlashFile: Bool
  /// `tcp://127.0.0.1:PORT`.
  public var address: String { "tcp://127.0.0.1:\(port)" }

  /// Starts `image` (the SITL binary, or the ELF image QEMU boots). SITL keeps its
  /// flash in `flashFile` (default: a new temporary file, removed by `stop()`) and may play `trace` as
  /// ADC readings, with `traceOptions` after it (`forcepicker-sitl`'s sensor options
  /// and `--restart-each-pass`), and takes `sitlOptions` (`--baud`); QEMU may run on
  /// deterministic virtual time (`icount`, one instruction each 2^`icountShift` ns).
  public init(
    kind: Kind, image: URL, flashFile: URL? = nil, trace: URL? = nil, traceOptions: [String] = [], port: Int? = nil,
    icount: Bool = false, icountShift: Int = 0, sitlOptions: [String] = []
  ) throws(DeviceError) {
    self.kind = kind
    self.port = port ?? EmulatedDevice.freePort()
    process = Process()
    switch kind {
    case .sitl:
      process.executableURL = image
      let flash =
        flashFile
        ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("forcepicker-\(UUID().uuidString).flash")
      self.flashFile = flash
      ownsFlashFile = flashFile == nil
      process.arguments =
        ["--port", "\(self.port)", "--flash", flash.path] + sitlOptions
        + (trace.map { ["--trace", $0.path] + traceOptions } ?? [])
    case .qemu:
      self.flashFile = nil
      ownsFlashFile = false
      process.executableURL = try QEMU.locate()
      process.arguments = QEMU.arguments(
        image: image.path, uartPort: self.port, icount: icount, icountShift: icountShift)
    }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw .host("cannot start \(process.executableURL?.path ?? "?"): \(ErrorReason.text(error))")
    }
    EmulatedDevice.runningPID = process.processIdentifier
  }

  /// Connects, retrying while the process starts listening (up to `within`).
  public func connect(within: Duration = .seconds(10), timeout: Duration = .seconds(2)) throws(DeviceError)
    -> DeviceClient
  {
    let deadline = ContinuousClock.now + within
    var last = "no attempt"
    while ContinuousClock.now < deadline {
      guard process.isRunning else {
        throw .host(
          "the \(kind == .qemu ? "emulator" : "SITL") exited (status \(process.terminationStatus)) before answering")
      }
      do {
        return try DeviceClient.connect(to: address, timeout: timeout)
      } catch {
        last = error.description
        Thread.sleep(forTimeInterval: 0.1)
      }
    }
    throw .host("cannot reach the \(kind == .qemu ? "emulator" : "SITL") on \(address): \(last)")
  }

  /// Terminates the process and waits for it.
  ///
  /// SIGTERM first; SIGKILL after a second, because a child started from a thread
  /// that blocks signals (Swift Testing's, for one) inherits that mask and never sees
  /// SIGTERM.
  public func stop() {
    if process.isRunning {
      process.terminate()
      let deadline = ContinuousClock.now + .seconds(1)
      while process.isRunning && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.02) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    if EmulatedDevice.runningPID == process.processIdentifier { EmulatedDevice.runningPID = 0 }
    if ownsFlashFile, let flashFile { try? FileManager.default.removeItem(at: flashFile) }
  }

  deinit { stop() }

  /// A TCP port on 127.0.0.1 nobody listens on right now.
  public static func freePort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

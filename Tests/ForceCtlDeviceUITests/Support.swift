import ForceCtlKit
import ForceDevice
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

/// Test helpers: SITL subprocesses, temp files, stdout capture.
enum Support {
  /// forcepicker-sitl, built into the same directory as the test bundle.
  static var sitlBinary: URL { HostTool.besideExecutable(SITLBinary.name) }

  static var sitlAvailable: Bool { FileManager.default.isExecutableFile(atPath: sitlBinary.path) }

  /// The trait of a test that needs the SITL build: skipped, and said so, where it is
  /// not built; in CI (`CI` set) it runs, and fails when the binary is missing.
  static var needsSITL: ConditionTrait {
    .enabled(
      if: sitlAvailable || ProcessInfo.processInfo.environment["CI"] != nil,
      "forcepicker-sitl is not built (swift build --product forcepicker-sitl)")
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func temp(_ name: String) -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fcui-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name)
  }

  /// Starts SITL on a free port (optionally playing `trace`) and waits until it answers.
  static func sitl(trace frames: [RawFrame]? = nil) throws -> EmulatedDevice {
    var traceURL: URL?
    if let frames {
      let url = temp("trace.csv")
      var text = "left,right\n"
      for frame in frames { text += "\(frame.left),\(frame.right)\n" }
      try text.write(to: url, atomically: true, encoding: .utf8)
      traceURL = url
    }
    let device = try EmulatedDevice(kind: .sitl, image: sitlBinary, flashFile: temp("sitl.flash"), trace: traceURL)
    let client = try device.connect(within: .seconds(10))
    client.close()
    return device
  }

  /// Runs `forcectl calibrate --yes --seconds 0.3` against `port` as a process, with
  /// standard input `answers` (by default Enter for each of the three steps); returns
  /// what it printed and the error it ended with (nil when it succeeded).
  static func calibrate(_ port: String, answers: String = "\n\n\n\n\n") throws -> (output: String, error: String?) {
    let printed = temp("calibrate.txt")
    _ = FileManager.default.createFile(atPath: printed.path, contents: nil)
    let output = try FileHandle(forWritingTo: printed)
    defer { try? output.close() }
    let run = try ToolProcess("forcectl", ["calibrate", "--port", port, "--yes", "--seconds", "0.3"], output: output)
    run.type(answers)
    run.closeInput()
    let ending = run.wait()
    let error = ending.errors.split(separator: "\n").last { $0.hasPrefix("Error: ") }.map { String($0.dropFirst(7)) }
    return (try String(contentsOf: printed, encoding: .utf8), ending.status == 0 ? nil : error ?? ending.errors)
  }

  /// Runs `body` with file descriptor 1 sent to a temp file; returns what was written.
  static func captureStdout(_ body: () throws -> Void) rethrows -> String {
    fflush(nil)
    let url = temp("stdout.txt")
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let fd = open(url.path, O_WRONLY | O_TRUNC)
    let saved = dup(1)
    dup2(fd, 1)
    close(fd)
    defer {
      fflush(nil)
      dup2(saved, 1)
      close(saved)
    }
    try body()
    fflush(nil)
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }

  /// A socket listening on a free port of 127.0.0.1 that never answers by itself.
  static func listener() -> (port: Int, fd: Int32)? {
    let port = EmulatedDevice.freePort()
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    var one: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 && listen(fd, 4) == 0 else {
      close(fd)
      return nil
    }
    return (port, fd)
  }

  /// A press trace, looping in SITL: rest, press harder on the right, release.
  static func pressTrace() -> [RawFrame] {
    try! DemoGesture.frames(
      """
      ramp to 20 20 over 100ms
      hold for 200ms
      ramp to 150 400 over 200ms
      hold for 300ms
      ramp to 0 0 over 50ms
      hold for 150ms
      """)
  }
}

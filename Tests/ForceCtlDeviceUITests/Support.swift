import ForceCtlKit
import ForceDevice
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

/// Test helpers: SITL subprocesses, temp files, forcectl runs.
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
    TestScratch.file(name)
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

  /// What a `forcectl` run printed, how it exited, and the message of its error line
  /// (`Error: …` on standard error, without the prefix), if it ended with one.
  struct Run {
    var output: String
    var status: Int32
    var error: String?
  }

  /// Runs the built `forcectl` with `arguments` as a process of its own, as a user
  /// does, with standard input `input`. Not in this process: the tests running beside
  /// it share its standard output, so a capture of file descriptor 1 took their lines
  /// and they took its own.
  static func run(_ arguments: [String], input: String = "") throws -> Run {
    try #require(ToolProcess.isBuilt("forcectl"), "forcectl is not built (swift build --product forcectl)")
    let printed = temp("stdout.txt")
    _ = FileManager.default.createFile(atPath: printed.path, contents: nil)
    let output = try FileHandle(forWritingTo: printed)
    defer { try? output.close() }
    let process = try ToolProcess("forcectl", arguments, output: output)
    process.type(input)
    process.closeInput()
    let ending = process.wait(limit: .seconds(120))
    let error = ending.errors.split(separator: "\n").last { $0.hasPrefix("Error: ") }.map { String($0.dropFirst(7)) }
    return Run(
      output: try String(contentsOf: printed, encoding: .utf8), status: ending.status,
      error: ending.status == 0 ? nil : error ?? ending.errors)
  }

  /// A `forcectl` run that exited non-zero: its error message.
  struct CommandFailed: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `forcectl` (`run`) and returns what it printed; throws `CommandFailed` with
  /// its error message when it exits non-zero.
  static func forcectl(_ arguments: [String]) throws -> String {
    let run = try run(arguments)
    guard run.status == 0 else { throw CommandFailed(description: run.error ?? "exit status \(run.status)") }
    return run.output
  }

  /// The error message a `forcectl` run ends with; nil when it succeeded.
  static func forcectlError(_ arguments: [String]) throws -> String? {
    try run(arguments).error
  }

  /// Runs `forcectl calibrate --yes --seconds 0.3` against `port` as a process, with
  /// standard input `answers` (by default Enter for each of the three steps); returns
  /// what it printed and the error it ended with (nil when it succeeded).
  static func calibrate(_ port: String, answers: String = "\n\n\n\n\n") throws -> (output: String, error: String?) {
    let run = try run(["calibrate", "--port", port, "--yes", "--seconds", "0.3"], input: answers)
    return (run.output, run.error)
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

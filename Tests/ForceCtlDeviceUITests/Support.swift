import ForceCtlKit
import ForceDevice
import ForceTrace
import Foundation

/// Test helpers: SITL subprocesses, temp files, stdout capture.
enum Support {
  /// forcepicker-sitl, built into the same directory as the test bundle.
  static var sitlBinary: URL { HostTool.besideExecutable(SITLBinary.name) }

  static var sitlAvailable: Bool { FileManager.default.isExecutableFile(atPath: sitlBinary.path) }

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

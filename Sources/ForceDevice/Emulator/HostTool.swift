import ForceTrace
import Foundation

/// Programs on this computer: finding them on PATH or beside the running one, and
/// running them to completion.
public enum HostTool {
  /// An executable on PATH.
  public static func which(_ name: String) -> URL? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }

  /// `name` in the directory of the running executable (`forcectl`, or a test
  /// bundle): where `swift build` puts every product of the package.
  public static func besideExecutable(_ name: String) -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent(name)
  }

  /// Runs `path` with `arguments` in `directory` and waits; a non-zero exit throws.
  public static func run(_ path: String, _ arguments: [String], in directory: URL) throws(DeviceError) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    do { try process.run() } catch { throw .host("cannot run \(path): \(ErrorReason.text(error))") }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw .host("\(([path] + arguments).joined(separator: " ")) failed (exit \(process.terminationStatus))")
    }
  }
}

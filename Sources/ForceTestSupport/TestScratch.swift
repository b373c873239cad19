import Foundation

/// The tests' scratch space: one directory per test process in the temporary
/// directory, removed with everything in it when the process exits, so that a plain
/// `swift test` leaves nothing behind in `/tmp`.
public enum TestScratch {
  /// `forcepicker-tests-PID` in the temporary directory, created on first use.
  public static let root: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("forcepicker-tests-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    rootPath = url.path
    atexit {
      if let rootPath = TestScratch.rootPath { try? FileManager.default.removeItem(atPath: rootPath) }
    }
    return url
  }()

  /// The path the exit handler removes (a C function pointer captures nothing).
  nonisolated(unsafe) private static var rootPath: String?

  /// A new empty directory named after `label`, unique in this process.
  public static func directory(_ label: String) -> URL {
    let url = root.appendingPathComponent("\(label)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A path named `name` in a new directory of its own; nothing is created there.
  public static func file(_ name: String) -> URL {
    directory("file").appendingPathComponent(name)
  }
}

import Foundation

/// Where the ForcePicker checkout is: the current directory or one above it, else
/// one above the running executable (`.build/debug/forcectl`).
public enum RepositoryRoot {
  public static func find(from directory: String = FileManager.default.currentDirectoryPath) -> URL? {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for start in [URL(fileURLWithPath: directory), executable] {
      var candidate = start.standardizedFileURL
      for _ in 0..<8 {
        if isRoot(candidate) { return candidate }
        let parent = candidate.deletingLastPathComponent()
        if parent.path == candidate.path { break }
        candidate = parent
      }
    }
    return nil
  }

  static func isRoot(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
      && FileManager.default.fileExists(atPath: url.appendingPathComponent("Tools/build-firmware").path)
  }
}

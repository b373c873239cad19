import ArgumentParser
import ForceCtlKit
import ForceTestSupport
import Foundation

/// A scratch directory for command-line tests, and `forcectl` run in-process as a
/// user would type it.
struct ScratchCLI {
  /// The directory, created empty.
  let directory: String

  init(_ label: String) {
    directory = TestScratch.directory(label).path
  }

  /// Writes `text` to `name` in the directory; returns its path.
  func file(_ name: String, _ text: String) -> String {
    let path = directory + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }

  /// The names of the hidden files in the directory (an output's temporary file).
  func hidden() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix(".") }
  }

  /// Removes the directory and everything in it.
  func remove() { try? FileManager.default.removeItem(atPath: directory) }

  /// The error a run ends with, as the user sees it; nil on success.
  func failure(_ arguments: [String]) -> String? {
    do {
      var command = try ForceCtl.parseAsRoot(arguments)
      try command.run()
      return nil
    } catch {
      return ForceCtl.message(for: error)
    }
  }
}

import ArgumentParser
import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation

/// Reading the files a command names (`-` is standard input), with one-line errors.
enum InputFile {
  static func read(_ path: String) throws -> String {
    do { return try TextInput.read(path) } catch { throw CLIError(error.description) }
  }
}

/// Reads a parameter file into assignments.
enum ParameterFile {
  static func assignments(_ path: String) throws -> [(ParameterID, Int32)] {
    let text = try InputFile.read(path)
    do { return try ParameterText.assignments(inFile: text) } catch { throw CLIError("\(path): \(error.description)") }
  }
}

/// Writes `lines` to standard output, each ending in a newline, at once; a write error
/// (a full disk, a closed pipe) is "cannot write standard output: REASON".
func printLines(_ lines: [String]) throws {
  try OutputFile.write(lines.map { $0 + "\n" }.joined(), to: nil)
}

/// Writes one line to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

extension ShortText {
  /// The text as a String.
  var text: String { withBytes { String(decoding: $0, as: UTF8.self) } }
}

import ArgumentParser
import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation

/// Reading the files a command names, with one-line errors.
enum InputFile {
  static func read(_ path: String) throws -> String {
    do {
      return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw CLIError("cannot read \(path): \(error.localizedDescription)")
    }
  }
}

/// Writing a command's output to a file, or to standard output when no path is given.
enum OutputFile {
  static func write(_ text: String, to path: String?) throws {
    guard let path else {
      FileHandle.standardOutput.write(Data(text.utf8))
      return
    }
    do {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      throw CLIError("cannot write \(path): \(error.localizedDescription)")
    }
  }
}

/// Reads a parameter file into assignments.
enum ParameterFile {
  static func assignments(_ path: String) throws -> [(ParameterID, Int32)] {
    let text = try InputFile.read(path)
    do { return try ParameterText.assignments(inFile: text) } catch { throw CLIError("\(path): \(error.description)") }
  }
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

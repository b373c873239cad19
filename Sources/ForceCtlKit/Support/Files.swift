import ArgumentParser
import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation

/// How an error names an input file: its path, or "standard input" for `-`.
func inputName(_ path: String) -> String { path == "-" ? "standard input" : path }

/// Reading the files a command names (`-` is standard input), with one-line errors.
enum InputFile {
  static func read(_ path: String) throws -> String {
    do { return try TextInput.read(path) } catch { throw CLIError(error.description) }
  }
}

/// Reads a parameter file into assignments, and applies them with the errors naming
/// the file, and the line and column of the value that is refused.
enum ParameterFile {
  static func assignments(_ path: String) throws -> [FileAssignment] {
    let text = try InputFile.read(path)
    do { return try ParameterText.locatedAssignments(inFile: text) } catch {
      throw CLIError("\(inputName(path)): \(error.description)")
    }
  }

  /// The defaults, then the file at `path` (when given), then `extra` (`--set`), checked
  /// as one batch. A refusal whose parameter last came from the file names the file,
  /// line and column; one the file alone would cause names the file.
  static func parameters(_ path: String?, then extra: [(ParameterID, Int32)] = []) throws -> Parameters {
    try parameters(path, try path.map(assignments) ?? [], then: extra)
  }

  /// `parameters(_:then:)` for the assignments already read from `path`.
  static func parameters(
    _ path: String?, _ file: [FileAssignment], then extra: [(ParameterID, Int32)] = []
  ) throws -> Parameters {
    do {
      return try ParameterText.applying(file.map { ($0.id, $0.value) } + extra, to: .defaults)
    } catch {
      guard let path else { throw CLIError(error.description) }
      if let parameter = error.parameter, !extra.contains(where: { $0.0 == parameter }),
        let line = file.last(where: { $0.id == parameter })
      {
        throw CLIError("\(inputName(path)): line \(line.line), column \(line.column): \(error.description)")
      }
      if (try? ParameterText.applying(file.map { ($0.id, $0.value) }, to: .defaults)) == nil {
        throw CLIError("\(inputName(path)): \(error.description)")
      }
      throw CLIError(error.description)
    }
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

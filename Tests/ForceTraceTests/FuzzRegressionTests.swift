import ForceEngine
import Foundation
import Testing

@testable import ForceTrace

/// The inputs the fuzzers found (`Tests/Fuzzing/Regressions`, Docs/fuzzing.md), each
/// through the entry points of its fuzz target: the one-line error it was committed
/// for, never a trap.
@Suite struct FuzzRegressionTests {
  static let regressions = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzzing/Regressions")

  /// Input traces with a line break other than LF, CR or CRLF (VT, FF): the whole
  /// read (`TextInput.read`, `InputTrace.parse`) once split lines there and the
  /// streamed read (`InputTraceStream`) did not, so the two disagreed. A file with bytes
  /// that are not UTF-8 is refused at the first of them by both.
  static let inputTraceErrors = [
    "vertical-tab-alone.csv": "line 1: header has no 'left' column (found '\\u{0B}')",
    "vertical-tab-in-header.csv":
      "line 1, column 12: byte 0xFF is not UTF-8 text (after 'right, t_ms'): a binary file, or text in another encoding?",
    "vertical-tab-in-row.csv": "line 2, column 7: expected 2 fields, found 3",
    "form-feed-ends-row.csv": "line 3, column 5: right: '4\\u{0C}' is not a whole number",
    // A byte-order mark starting line 2 is a character there: the streamed read once
    // dropped it, as at the start of a file, and counted the columns one short.
    "bom-starts-a-later-line.csv":
      "line 2, column 4: a NUL byte is not text (after '\u{FEFF}1,'): a binary file, or text in another encoding?",
  ]

  @Test func inputTracesGiveTheSameErrorWholeAndStreamed() throws {
    let directory = Self.regressions.appendingPathComponent("InputTrace")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(Set(names) == Set(Self.inputTraceErrors.keys))
    for name in names {
      let path = directory.appendingPathComponent(name).path
      // A trace error has no path; a file error (not text) starts with it.
      func text(_ error: any Error) -> String {
        String(describing: error).replacingOccurrences(of: "\(path): ", with: "")
      }
      var whole: String?
      do { _ = try InputTrace.parse(try TextInput.read(path)) } catch { whole = text(error) }
      var streamed: String?
      do {
        let stream = try InputTraceStream(path)
        while try stream.next() != nil {}
      } catch {
        streamed = text(error)
      }
      #expect(whole == Self.inputTraceErrors[name], "\(name)")
      #expect(streamed == whole, "\(name)")
    }
  }

  /// JSON parameter files whose error once carried the file's text raw, line breaks
  /// and all (the schema hash, unknown names, a symbol): the start of each error.
  /// (A file with bytes that are not UTF-8 is refused as it is read, naming the first.)
  static let parameterJSONErrors = [
    // Its mangled "layout_version" appears twice, which is refused before the hash is read.
    "schema-hash-with-cr.json": "line 1, column 111: 'layourt_eivson' is given twice (first on line 1)",
    "unknown-name-with-newline.json":
      "parameter file was written for schema '0x00000000'; this build uses 0x\(Self.schemaHex); unknown here: 'wrap\\nx';",
    "symbol-with-newline.json":
      "line 1, column 30: technique: 'pulse\\nwrap' is not one of thumb-roll, pulse, press-through, two-button, wrap, positional",
  ]

  /// The build's schema hash as the error names it: eight hex digits.
  static var schemaHex: String {
    let digits = String(Parameters.schemaHash, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }

  @Test func parameterFilesGiveOneLineErrors() throws {
    let directory = Self.regressions.appendingPathComponent("ParameterJSON")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(Set(names) == Set(Self.parameterJSONErrors.keys))
    for name in names {
      let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
      let text = TextInput.normalized(bytes)  // as the fuzzer reads it
      let error = #expect(throws: ParameterInputError.self) {
        try ParameterText.applying(try ParameterText.assignments(inFile: text), to: .defaults)
      }
      let message = error?.description ?? ""
      #expect(message.hasPrefix(Self.parameterJSONErrors[name] ?? "?"), "\(name): \(message)")
      #expect(!message.contains { $0.isNewline }, "\(name): \(message)")
    }
  }

  /// Sensor options (`FuzzSensorOptions`): a fault of 3·10^45 ms once parsed and was
  /// written back with an exponent (`3.0e+45ms`), which did not parse; times are now at
  /// most a day and written without one. Each line is a fault that reads back as
  /// itself or a one-line error.
  @Test func sensorOptionsReadBackOrGiveOneLineErrors() throws {
    let directory = Self.regressions.appendingPathComponent("SensorOptions")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == ["huge-duration"])
    for name in names {
      let text = try TextInput.read(directory.appendingPathComponent(name).path)
      var refusals: [String] = []
      for line in TextInput.lines(text) {
        do {
          let fault = try SensorFault.parse(String(line))
          #expect(try SensorFault.parse(fault.description) == fault, "\(name): \(fault)")
        } catch {
          #expect(!error.description.contains { $0.isNewline }, "\(name): \(error)")
          refusals.append(error.description)
        }
      }
      #expect(refusals.contains { $0.hasSuffix("is longer than a day") }, "\(name): \(refusals)")
    }
  }

  @Test func linesSplitOnlyOnLineFeedsAndCarriageReturns() {
    #expect(TextInput.lines("a\nb\r\nc\rd") == ["a", "b", "c", "d"])
    #expect(TextInput.lines("a\u{0B}b\u{0C}c\u{85}d\u{2028}e") == ["a\u{0B}b\u{0C}c\u{85}d\u{2028}e"])
  }
}

import ForceTestSupport
import Foundation
import Testing

/// Careless inputs, tried as a new user would from the docs (issue #27, "Files"): each
/// is refused with one line naming the file, and the line, column or key, and nothing
/// is written.
@Suite struct FileEdgeTests {
  let scratch = ScratchCLI("forcectl-file-edges")
  func file(_ name: String, _ text: String) -> String { scratch.file(name, text) }
  func failure(_ arguments: [String]) -> String? { scratch.failure(arguments) }
  var trace: String { file("in.csv", "t_ms,left,right\n0,0,0\n5,10,10\n") }

  func profileFailure(_ name: String, _ text: String) -> String? {
    let output = file("out.csv", "precious\n")
    defer { #expect((try? String(contentsOfFile: output, encoding: .utf8)) == "precious\n", "\(name)") }
    return failure(["sim", "run", "--input", trace, "--profile", file(name, text), "--output", output])
  }

  @Test func aParameterFileThatSetsNothingIsRefused() {
    let path = scratch.directory + "/empty.json"
    #expect(
      profileFailure("empty.json", "")
        == "\(path): the file is empty: expected the JSON of `forcectl params export` or NAME=VALUE lines (Docs/parameters.md)"
    )
    #expect(
      profileFailure("notes.txt", "# nothing yet\n\n")?.contains("notes.txt: the file sets no parameters") == true)
    #expect(
      profileFailure("none.json", #"{"format": "forcepicker-parameters", "parameters": {}}"#)?
        .contains("none.json: the file sets no parameters") == true)
  }

  @Test func aWrongFormatIsRefusedNamingTheExpectedOne() {
    let message = profileFailure(
      "other.json", "{\n  \"format\": \"vscode-settings\",\n  \"parameters\": {\"rest_threshold\": 300}\n}\n")
    #expect(
      message
        == "\(scratch.directory)/other.json: line 2, column 13: \"format\" is 'vscode-settings'; a parameter file's is \"forcepicker-parameters\""
    )
  }

  @Test func anUnknownKeyIsRefusedWithASuggestion() {
    #expect(
      profileFailure(
        "typo.json", "{\"format\": \"forcepicker-parameters\",\n \"schema_hsh\": \"0x0\", \"parameters\": {}}")
        == "\(scratch.directory)/typo.json: line 2, column 2: unknown key 'schema_hsh' (did you mean 'schema_hash'?); a parameter file has format, layout_version, schema_hash, parameters"
    )
  }

  @Test func aKeyGivenTwiceIsRefusedWithItsLine() {
    let json = "{\n  \"parameters\": {\n    \"rest_threshold\": 200,\n    \"rest_threshold\": 300\n  }\n}\n"
    #expect(
      profileFailure("twice.json", json)
        == "\(scratch.directory)/twice.json: line 4, column 5: 'rest_threshold' is given twice (first on line 3)")
    #expect(
      profileFailure("twice.txt", "rest_threshold=200\n# later\nrest_threshold = 300\n")
        == "\(scratch.directory)/twice.txt: line 3, column 1: rest_threshold is given twice (first on line 1)")
  }

  @Test func truncatedJSONNamesTheLineAndColumnWhereItStops() {
    let json = "{\n  \"format\": \"forcepicker-parameters\",\n  \"parameters\": {\n    \"rest_threshold\": 3"
    #expect(
      profileFailure("cut.json", json + "00,\n")
        == "\(scratch.directory)/cut.json: line 5, column 1: the file ends inside the JSON (it is cut short?): expected a \"name\""
    )
    #expect(
      profileFailure("comma.json", json + "00 \"hysteresis\": 10}}")
        == "\(scratch.directory)/comma.json: line 4, column 27: expected ',' or '}', found '\"'")
  }

  @Test func profileValuesTheEngineRefusesNameTheFileLineAndColumn() {
    let path = scratch.directory
    #expect(
      profileFailure("range.txt", "rest_threshold=2000\n")
        == "\(path)/range.txt: line 1, column 16: rest_threshold: 2000 is outside 2...1021")
    #expect(
      profileFailure("range.json", "{\"parameters\": {\n  \"rest_threshold\": 2000}}")
        == "\(path)/range.json: line 2, column 21: rest_threshold: 2000 is outside 2...1021")
    #expect(
      profileFailure("rule.txt", "\n contact_threshold = 300\n")
        == "\(path)/rule.txt: line 2, column 22: contact_threshold: 300 breaks the rule contact_threshold < rest_threshold - hysteresis"
    )
    // A --set that makes the file's value fit is applied with it as one batch.
    #expect(
      failure([
        "sim", "run", "--input", trace, "--profile", file("rule.txt", "contact_threshold=300\n"), "--set",
        "rest_threshold=600", "--output", scratch.directory + "/ok.csv",
      ]) == nil)
    // A --set the file has nothing to do with is not blamed on it.
    #expect(
      failure([
        "sim", "run", "--input", trace, "--profile", file("fine.txt", "hysteresis=10\n"), "--set",
        "rest_threshold=2000",
      ])
        == "rest_threshold: 2000 is outside 2...1021")
  }

  @Test func binaryInputIsNamedByItsPlaceNotEchoed() {
    let elf = "\u{7F}ELF\u{2}\u{1}\u{1}\0\0\0"
    let path = scratch.directory
    #expect(
      profileFailure("bin.txt", elf)
        == "\(path)/bin.txt: line 1, column 8: a NUL byte is not text (after '\\u{7F}ELF\\u{02}\\u{01}\\u{01}'): a binary file, or text in another encoding?"
    )
    let latin1 = path + "/latin1.csv"
    _ = FileManager.default.createFile(
      atPath: latin1, contents: Data("left,right\n1,2\n3,".utf8 + [0xE9] + Data("4\n".utf8)))
    #expect(
      failure(["sim", "run", "--input", latin1, "--output", path + "/o.csv"])
        == "\(latin1): line 3, column 3: byte 0xE9 is not UTF-8 text (after '3,'): a binary file, or text in another encoding?"
    )
    _ = FileManager.default.createFile(atPath: path + "/bin.gesture", contents: Data([0xFF, 0xFE, 0x68, 0x6F]))
    #expect(
      failure(["sim", "gesture", "--script", path + "/bin.gesture"])
        == "\(path)/bin.gesture: line 1, column 1: byte 0xFF is not UTF-8 text: a binary file, or text in another encoding?"
    )
    // A byte-order mark and other scripts' letters are text.
    #expect(
      failure([
        "sim", "run", "--input", file("bom.csv", "\u{FEFF}left,right,note\n1,2,ça va\n"), "--output", path + "/b.csv",
      ]) == nil)
  }

  @Test func aColumnNamedTwiceAndTimeGoingBackwardsAreRefused() {
    let path = scratch.directory
    #expect(
      failure(["sim", "run", "--input", file("twice.csv", "left,right,Left\n1,2,3\n")])
        == "\(path)/twice.csv: line 1, column 12: header names 'left' twice (columns 1 and 3)")
    #expect(
      failure(["sim", "run", "--input", file("back.csv", "t_ms,left,right\n0,0,0\n10,1,1\n5,1,1\n")])
        == "\(path)/back.csv: line 4, column 1: t_ms: 5 is before the previous row's 10: time must not go backwards")
    #expect(
      failure([
        "sim", "run", "--input", file("same.csv", "t_ms,left,right\n0,0,0\n0,1,1\n"), "--output", path + "/s.csv",
      ]) == nil)
  }

  @Test func simRunToStandardOutputChecksAFileInputBeforeTheFirstRow() throws {
    try #require(ToolProcess.isBuilt("forcectl"), "forcectl is not built (swift build --product forcectl)")
    let rows = String(repeating: "0,10,20\n", count: 200_000)
    let input = file("long.csv", "t_ms,left,right\n" + rows + "x,1,1\n")
    let output = Pipe()
    let run = try ToolProcess("forcectl", ["sim", "run", "--input", input], output: output.fileHandleForWriting)
    try output.fileHandleForWriting.close()
    let written = output.fileHandleForReading.readDataToEndOfFile()
    let ending = run.wait()
    #expect(ending.status == 1)
    #expect(
      ending.errors.contains("\(input): line 200002, column 1: t_ms: 'x' is not a whole number"), "\(ending.errors)")
    #expect(written.isEmpty, "\(written.count) bytes written before the error")
  }

  /// `-` reads standard input; an error in what it read names "standard input", not "-".
  @Test func standardInputIsNamedSoInErrors() throws {
    try #require(ToolProcess.isBuilt("forcectl"), "forcectl is not built (swift build --product forcectl)")
    func errors(_ arguments: [String], reading input: String) throws -> String {
      let run = try ToolProcess("forcectl", arguments)
      run.type(input)
      run.closeInput()
      let ending = run.wait()
      #expect(ending.status == 1, "\(arguments)")
      #expect(!ending.errors.contains("-:"), "\(ending.errors)")
      return ending.errors
    }
    let output = scratch.directory + "/stdin-out.csv"
    #expect(
      try errors(["sim", "run", "--input", "-", "--output", output], reading: "t_ms,left,right\n0,0,0\nx,1,1\n")
        .contains("standard input: line 3, column 1: t_ms: 'x' is not a whole number"))
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(
      try errors(["sim", "run", "--input", trace, "--profile", "-"], reading: "{\"rest_threshld\": 200}\n")
        .contains("standard input: line 1, column 2: unknown key 'rest_threshld'"))
    #expect(
      try errors(["sim", "run", "--input", trace, "--profile", "-"], reading: "rest_threshold=20\n")
        .contains("standard input: contact_threshold: 30 breaks the rule"))
    #expect(
      try errors(["sim", "gesture", "--script", "-"], reading: "hold x\n")
        .contains("standard input: line 1, column 6: left: 'x' is not a whole number"))
  }

  @Test func gestureScriptsAtTheLimitAndEmptyOnes() {
    let body = String(repeating: "hold for 1ms\n", count: 10)
    let exactly = file("exactly.gesture", "repeat 10000\n" + body + "end\n")
    let output = scratch.directory + "/g.csv"
    #expect(failure(["sim", "gesture", "--script", exactly, "--output", output]) == nil)
    let over = file("over.gesture", "rate 200\nrepeat 10000\n" + body + "end\n")
    #expect(
      failure(["sim", "gesture", "--script", over])
        == "\(over): line 2: with this repeat counted out the script has 100001 commands, more than the 100000 a script may have"
    )
    let after = file("after.gesture", "repeat 10000\n" + body + "end\nrelease\n")
    #expect(
      failure(["sim", "gesture", "--script", after])
        == "\(after): line 13: with its repeats counted out the script has more than the 100000 commands a script may have"
    )
    let empty = file("empty.gesture", "# nothing yet\n")
    #expect(
      failure(["sim", "gesture", "--script", empty, "--output", output])
        == "\(empty): the script is empty: it makes no frames (start with a command such as `hold 0 0 for 100ms`; Docs/gestures.md)"
    )
    #expect(
      failure(["sim", "gesture", "--script", file("rate.gesture", "rate 100\n")])?.contains("has no hold, ramp") == true
    )
  }
}

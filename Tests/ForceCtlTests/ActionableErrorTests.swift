import ArgumentParser
import ForceCtlKit
import ForceDevice
import ForceLink
import ForceTestSupport
import Foundation
import Testing

/// Errors a person can act on: where in the file, what was typed, what was meant.
@Suite struct ActionableErrorTests {
  let scratch = ScratchCLI("forcectl-errors")
  var directory: String { scratch.directory }
  func file(_ name: String, _ text: String) -> String { scratch.file(name, text) }
  func failure(_ arguments: [String]) -> String? { scratch.failure(arguments) }

  @Test func traceErrorsNameLineAndColumnWithTheTextEscaped() {
    let extra = file("extra.csv", "left,right\n1,2\n3,4,5\n")
    #expect(failure(["sim", "run", "--input", extra]) == "\(extra): line 3, column 5: expected 2 fields, found 3")
    let bad = file("bad.csv", "t_ms, left ,right\r\n0, 10,\u{7}x\r\n")
    #expect(
      failure(["sim", "run", "--input", bad]) == "\(bad): line 2, column 7: right: '\\u{07}x' is not a whole number")
    let long = file("long.csv", "left,right\n1," + String(repeating: "9", count: 80) + "\n")
    let message = failure(["sim", "run", "--input", long]) ?? ""
    let quoted = message.split(separator: "'").dropFirst().first ?? ""
    #expect(
      message.contains("line 2, column 3: right: '999") && quoted.count == 41 && quoted.hasSuffix("…"), "\(message)")
  }

  @Test func gestureErrorsPointAtTheWord() {
    let script = file("g.txt", "rate 100\n  hold 10 x for 5ms\n")
    #expect(
      failure(["sim", "gesture", "--script", script])
        == "\(script): line 2, column 11: right: 'x' is not a whole number")
    let extra = file("e.txt", "hold 10 10 for 5ms please\n")
    #expect(
      failure(["sim", "gesture", "--script", extra])
        == "\(extra): line 1, column 20: unexpected 'please' at the end of the line")
  }

  @Test func parameterFileErrorsPointAtTheValueOrTheName() {
    let trace = file("in.csv", "left,right\n0,0\n")
    let big = file("big.txt", "# tuned\n  rest_threshold = 99999999999\n")
    #expect(
      failure(["sim", "run", "--input", trace, "--profile", big])
        == "\(big): line 2, column 20: rest_threshold: '99999999999' is out of range 2...1021")
    let typo = file("typo.txt", "rest_treshold=300\n")
    #expect(
      failure(["sim", "run", "--input", trace, "--profile", typo])
        == "\(typo): line 1, column 1: unknown parameter 'rest_treshold' (did you mean 'rest_threshold'?)")
    #expect(
      failure(["sim", "run", "--input", trace, "--set", "rest_threshold=1e9"])?.contains("not a whole number") == true)
    #expect(
      failure(["sim", "run", "--input", trace, "--set", "rest_threshold=4000000000"])?.contains("out of range") == true)
  }

  @Test func aMistypedSubcommandGetsASuggestion() throws {
    #expect(
      ForceCtl.unknownSubcommand(in: ["sim", "stduy", "--output", "x"])
        == "unknown command 'stduy' for 'forcectl sim' (did you mean 'study'?); see 'forcectl sim --help' for the commands"
    )
    #expect(ForceCtl.unknownSubcommand(in: ["moniter"])?.contains("(did you mean 'monitor'?)") == true)
    #expect(ForceCtl.unknownSubcommand(in: ["zzzzzz"])?.contains("did you mean") == false)
    for fine in [
      ["sim", "study", "--output", "x"], ["params", "get", "rest_threshold"], ["help", "sim"], ["--version"],
    ] {
      #expect(ForceCtl.unknownSubcommand(in: fine) == nil, "\(fine)")
    }
    // The real program: a usage error (exit 64) naming the suggestion, on standard error.
    try #require(ToolProcess.isBuilt("forcectl"), "forcectl is not built (swift build --product forcectl)")
    let ending = try ToolProcess("forcectl", ["params", "gte", "rest_threshold"]).wait()
    #expect(ending.status == 64 && !ending.signaled)
    let text = ending.errors
    #expect(text.contains("unknown command 'gte' for 'forcectl params' (did you mean 'get'?)"), "\(text)")
  }

  /// `ForceCtl.main` asks for a did-you-mean only when the arguments do not parse: a word
  /// that names no subcommand of a command that has subcommands never parses (none of
  /// them takes positional arguments).
  @Test func aWordThatNamesNoSubcommandDoesNotParse() {
    var groups: [([String], ParsableCommand.Type)] = [([], ForceCtl.self)]
    var checked = 0
    while let (path, command) = groups.popLast() {
      let subcommands = command.configuration.subcommands
      guard !subcommands.isEmpty else { continue }
      #expect(throws: (any Error).self, "\(path)") { try ForceCtl.parseAsRoot(path + ["zzzzzz"]) }
      #expect(ForceCtl.unknownSubcommand(in: path + ["zzzzzz"]) != nil, "\(path)")
      checked += 1
      groups += subcommands.map { (path + [$0._commandName], $0) }
    }
    #expect(checked >= 3)  // forcectl, sim, params
  }

  /// A negative `--seconds` is refused as such, not taken for an option ("Missing value").
  @Test func aNegativeDurationIsNamed() {
    for (arguments, message) in [
      (["record", "--port", "p", "-o", "x.csv", "--seconds", "-1"], "--seconds must be positive"),
      (["monitor", "--port", "p", "--seconds", "-1"], "--seconds must be positive"),
      (["record", "--port", "p", "-o", "x.csv", "--decimation", "0"], "--decimation must be 1...1000"),
      (["monitor", "--port", "p", "--decimation", "1001"], "--decimation must be 1...1000"),
      (["calibrate", "--port", "p", "--seconds", "-1"], "--seconds must be 0.1...30"),
    ] {
      let text = failure(arguments)
      #expect(
        text?.contains(message) == true && text?.contains("Missing value") == false, "\(arguments): \(text ?? "")")
    }
  }

  /// Every command that writes a file or directory takes it as `-o` as well as `--output`.
  @Test func everyOutputTakesDashO() throws {
    for arguments in [
      ["sim", "run", "--input", "in.csv"], ["sim", "gesture", "--script", "g.txt"],
      ["sim", "study"], ["sim", "sweep", "--vary", "rest_threshold=150:200:50"], ["sim", "fit", "--targets", "t.csv"],
      ["replay", "--port", "p", "--input", "in.csv"], ["record", "--port", "p"], ["plot", "--input", "in.csv"],
    ] {
      #expect(throws: Never.self, "\(arguments)") { _ = try ForceCtl.parseAsRoot(arguments + ["-o", "out"]) }
    }
  }

  /// A mistyped option gets a did-you-mean, even where a required option is missing
  /// too (swift-argument-parser alone names only the missing one); forcectl as a process.
  @Test func aMistypedOptionGetsASuggestion() throws {
    #expect(
      ForceCtl.unknownOption(in: ["sim", "run", "--inptu", "x.csv"])
        == "unknown option '--inptu' for 'forcectl sim run' (did you mean '--input'?); see 'forcectl sim run --help' for its options"
    )
    #expect(ForceCtl.unknownOption(in: ["record", "--port", "p", "--outptu=y"])?.contains("'--output'") == true)
    for fine in [["sim", "run", "--input", "x", "--set", "rest_threshold=200"], ["sim", "run", "--", "--x"]] {
      #expect(ForceCtl.unknownOption(in: fine) == nil, "\(fine)")
    }
    try #require(ToolProcess.isBuilt("forcectl"), "forcectl is not built (swift build --product forcectl)")
    let ending = try ToolProcess("forcectl", ["sim", "run", "--inptu", "x.csv"]).wait()
    #expect(ending.status == 64)
    #expect(ending.errors.contains("unknown option '--inptu' for 'forcectl sim run' (did you mean '--input'?)"))
  }

  @Test func anUnreachableAddressIsNotCalledUnplugged() {
    for code in [ENETUNREACH, EHOSTUNREACH] {
      let text = LinkError(errno: code, during: .connect, port: "tcp://192.0.2.1:6201").description
      #expect(text.hasPrefix("cannot reach") && !text.contains("unplugged"), "\(text)")
    }
    let timedOut = LinkError(errno: ETIMEDOUT, during: .connect, port: "tcp://192.0.2.1:6201").description
    #expect(timedOut.hasPrefix("timed out connecting") && !timedOut.contains("unplugged"), "\(timedOut)")
  }

  @Test func noFoundationErrorDomainsReachTheUser() {
    let missing = directory + "/missing.csv"
    let texts = [
      failure(["sim", "run", "--input", missing]),
      failure(["sim", "run", "--input", directory]),
      failure(["plot", "--input", missing, "--output", directory + "/x.svg"]),
      failure([
        "sim", "run", "--input", file("in.csv", "left,right\n0,0\n"), "--output", directory + "/no/such/dir.csv",
      ]),
    ]
    for text in texts {
      #expect(text != nil)
      #expect(text?.contains("Domain") == false && text?.contains("error 2") == false, "\(text ?? "")")
    }
  }
}

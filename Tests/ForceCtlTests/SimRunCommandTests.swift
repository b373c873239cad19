import ArgumentParser
import ForceCtlKit
import ForceTestSupport
import Foundation
import Testing

/// `forcectl sim run` parsed and run in-process, as SPEC §7 states it.
@Suite struct SimRunCommandTests {
  let directory: URL = {
    TestScratch.directory("forcectl-sim-run")
  }()

  func file(_ name: String, _ text: String) -> String {
    let path = directory.appendingPathComponent(name).path
    try! text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func run(_ arguments: [String]) throws {
    var command = try ForceCtl.parseAsRoot(arguments)
    try command.run()
  }

  /// The error a run ends with, as the user sees it.
  func failure(_ arguments: [String]) -> String? {
    do {
      try run(arguments)
      return nil
    } catch {
      return ForceCtl.message(for: error)
    }
  }

  @Test func writesTheSpecCSV() throws {
    let input = file("in.csv", "left,right\n0,0\n" + String(repeating: "250,250\n", count: 50))
    let output = directory.appendingPathComponent("out.csv").path
    try run(["sim", "run", "--input", input, "--output", output, "--set", "filter_ms=0"])
    let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
    #expect(lines.first == "frame,left,right,force,state,direction,position,value,events")
    #expect(lines.count == 52)
    #expect(lines[1] == "0,0,0,0,idle,up,0.000,0,")
    // The 4-frame onset window confirms the touch on frame 4, which already moves:
    // 6.768 items/s at 200 Hz is 0.0338 items a frame.
    #expect(lines[4] == "3,250,250,500,idle,up,0.000,0,")
    #expect(lines[5] == "4,250,250,500,scrolling,up,0.034,0,touch-down:62;activate")
    #expect(lines[6] == "5,250,250,500,scrolling,up,0.068,0,")
  }

  @Test func columnsMayComeInAnyOrderWithTime() throws {
    let input = file("in.csv", "right,t_ms,left\n10,0,20\n")
    let output = directory.appendingPathComponent("o.csv").path
    try run(["sim", "run", "--input", input, "--output", output])
    let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
    #expect(lines[1].hasPrefix("0,20,10,"))
  }

  @Test func profileThenSetsApplyInOrder() throws {
    let profile = file("p.json", #"{"layout_version": 5, "parameters": {"technique": "pulse", "start_value": 40}}"#)
    let input = file("in.csv", "left,right\n0,0\n")
    let output = directory.appendingPathComponent("o.csv").path
    try run(["sim", "run", "--input", input, "--profile", profile, "--set", "start_value=42", "--output", output])
    #expect(try String(contentsOfFile: output, encoding: .utf8).contains("0,0,0,0,idle,up,42.000,42,"))
  }

  @Test(arguments: [
    ("left\n1\n", "header has no 'right' column"),
    ("left,right\n1,2\n3\n", "line 3: expected 2 fields, found 1"),
    ("left,right\n1,x\n", "line 2, column 3: right: 'x' is not a whole number"),
    ("left,right\n1024,0\n", "line 2, column 1: left: 1024 is outside 0...1023"),
    ("left,right\n-1,0\n", "line 2, column 1: left: -1 is outside 0...1023"),
    ("", "input is empty"),
  ])
  func badTraceNamesTheLine(text: String, message: String) {
    let input = file("bad.csv", text)
    let error = failure(["sim", "run", "--input", input])
    #expect(error?.contains(message) == true, "\(error ?? "no error")")
  }

  @Test(arguments: [
    ("rest_thresold=10", "unknown parameter 'rest_thresold'"),
    ("rest_threshold=5000", "rest_threshold: 5000 is outside 2...1021"),
    ("rest_threshold=900", "rest_threshold: 900 breaks the rule rest_threshold < boost_threshold - hysteresis"),
    (
      "technique=spin", "technique: 'spin' is not one of thumb-roll, pulse, press-through, two-button, wrap, positional"
    ),
    ("hid_mode=joystick", "hid_mode: 'joystick' is not one of off, keyboard, wheel, consumer, axis"),
    ("hid_key_up=200", "hid_key_up: 200 is outside 0...101"),
    ("wrap", "'wrap' is not NAME=VALUE"),
  ])
  func badParameterNamesTheParameter(assignment: String, message: String) {
    let input = file("in.csv", "left,right\n0,0\n")
    let error = failure(["sim", "run", "--input", input, "--set", assignment])
    #expect(error?.contains(message) == true, "\(error ?? "no error")")
  }

  @Test func missingInputFileIsAClearError() {
    let error = failure(["sim", "run", "--input", "/nonexistent/trace.csv"])
    #expect(error?.contains("cannot read /nonexistent/trace.csv") == true)
  }
}

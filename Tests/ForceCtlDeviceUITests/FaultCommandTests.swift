import ArgumentParser
import ForceCtlKit
import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

/// The host tools show the cells' faults (issue #22), against SITL playing traces that
/// break a cell, run as a user would type them. Part of the serialized suite: they
/// capture standard output.
extension ForceCtlDeviceUITests {
  /// `count` frames of a cell at rest with a little noise on both cells; `right`
  /// overrides the right cell's reading, `left` the left one's.
  static func restFrames(_ count: Int, left: UInt16? = nil, right: UInt16? = nil) -> [RawFrame] {
    (0..<count).map { RawFrame(left: left ?? UInt16(40 + $0 % 3), right: right ?? UInt16(50 + $0 % 4)) }
  }

  /// The right cell at 1023 for good.
  static var railedRight: [RawFrame] { restFrames(200, right: 1023) }

  /// 1 s at rest, the right cell at 1023 for 300 ms, 1 s at rest (SITL loops it).
  static var rightRailsFor300ms: [RawFrame] {
    restFrames(200) + restFrames(60, right: 1023) + restFrames(200)
  }

  // MARK: info

  @Test(Support.needsSITL)
  func infoNamesARailedCell() throws {
    let sitl = try Support.sitl(trace: Self.railedRight)
    defer { sitl.stop() }
    let start = ContinuousClock.now
    let text = try forcectl(["info", "--port", sitl.address])
    #expect(ContinuousClock.now - start < .seconds(2), "info took \(ContinuousClock.now - start)")
    #expect(text.contains("cells:        left ok, right railed (shorted to the supply?)\n"), "\(text)")
    let output = try forcectl(["info", "--port", sitl.address, "--json"])
    let json = try #require(output.split(separator: "\n").first { $0.hasPrefix("{") && $0.contains("\"board\"") })
    #expect(json.contains(#""cells": {"left": "ok", "right": "railed"}"#), "\(json)")
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(object?["cells"] as? [String: String] == ["left": "ok", "right": "railed"])
    // Streaming is off again afterwards: the device sends nothing unasked.
    let client = try sitl.connect()
    defer { client.close() }
    #expect(try client.takeStreamed(waiting: .milliseconds(200)).isEmpty)
  }

  /// A left cell calibrated with the cap's preload (left_offset 60) that then reads 0:
  /// its lead is broken.
  @Test(Support.needsSITL)
  func infoNamesAnOpenCellAfterAPreload() throws {
    let sitl = try Support.sitl(trace: Self.restFrames(200, left: 0))
    defer { sitl.stop() }
    _ = try forcectl(["params", "set", "--port", sitl.address, "left_offset=60", "right_offset=60"])
    Thread.sleep(forTimeInterval: 0.2)
    let text = try forcectl(["info", "--port", sitl.address])
    #expect(text.contains("cells:        left open (lead broken?), right ok\n"), "\(text)")
  }

  @Test(Support.needsSITL)
  func infoSaysWhenADeviceCannotStream() throws {
    let sitl = try Support.sitl()  // no trace: no ADC
    defer { sitl.stop() }
    let text = try forcectl(["info", "--port", sitl.address])
    #expect(text.contains("cells:        not streaming (no force cells)\n"), "\(text)")
    let output = try forcectl(["info", "--port", sitl.address, "--json"])
    let json = try #require(output.split(separator: "\n").first { $0.hasPrefix("{") && $0.contains("\"board\"") })
    #expect(json.contains(#""cells": null"#))
  }

  // MARK: calibrate

  @Test(Support.needsSITL)
  func calibrateRefusesARailedCellAndChangesNothing() throws {
    let sitl = try Support.sitl(trace: Self.railedRight)
    defer { sitl.stop() }
    let before = try forcectl(["params", "list", "--port", sitl.address])
    let (output, failure) = try Support.calibrate(sitl.address)
    #expect(
      failure
        == "calibration refused: the right cell was railed (shorted to the supply?) during the rest step: check the right cell's wiring (Hardware/wiring.md); no parameter changed"
    )
    // Refused as soon as the step showed it: no press was asked for.
    #expect(output.contains("Rest your thumb") && !output.contains("Press the LEFT side"))
    #expect(try forcectl(["params", "list", "--port", sitl.address]) == before)
  }

  /// With no one at the keyboard (standard input ends), calibrate records nothing and
  /// changes nothing: in-process after the first Enter, and as a process given no input.
  @Test(Support.needsSITL)
  func calibrateRefusesTheEndOfInput() throws {
    let sitl = try Support.sitl(trace: Support.pressTrace())
    defer { sitl.stop() }
    let before = try forcectl(["params", "list", "--port", sitl.address])
    let (output, failure) = try Support.calibrate(sitl.address, answers: "\n")
    #expect(
      failure
        == "calibration refused: standard input ended before the left press step (calibrate waits for Enter at each step, so someone must be there); no parameter changed"
    )
    #expect(!output.contains("Press the RIGHT side"))
    let run = try ToolProcess("forcectl", ["calibrate", "--port", sitl.address, "--yes"])
    run.closeInput()
    let ending = run.wait()
    #expect(ending.status == 1, "\(ending)")
    #expect(ending.errors.contains("standard input ended before the rest step"), "\(ending.errors)")
    #expect(try forcectl(["params", "list", "--port", sitl.address]) == before)
  }

  /// With the device's fault detection off (fault_ms=0) the readings alone refuse it.
  @Test(Support.needsSITL)
  func calibrateRefusesARailedCellFromItsReadingsAlone() throws {
    let sitl = try Support.sitl(trace: Self.railedRight)
    defer { sitl.stop() }
    _ = try forcectl(["params", "set", "--port", sitl.address, "fault_ms=0"])
    let before = try forcectl(["params", "list", "--port", sitl.address])
    let (_, failure) = try Support.calibrate(sitl.address)
    #expect(
      failure
        == "calibration refused: the right cell sat at the rail (1023, rail_level 1016: shorted to the supply?) during the rest step: check the right cell's wiring (Hardware/wiring.md); no parameter changed"
    )
    #expect(try forcectl(["params", "list", "--port", sitl.address]) == before)
  }

  // MARK: record

  @Test(Support.needsSITL)
  func recordWritesTheFaults() throws {
    let sitl = try Support.sitl(trace: Self.rightRailsFor300ms)
    defer { sitl.stop() }
    let output = Support.temp("faults.csv")
    var command = try ForceCtl.Record.parseAsRoot(["--port", sitl.address, "--output", output.path, "--seconds", "3"])
    try command.run()
    let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
    #expect(lines.first == "frame,left,right,force,state,direction,position,value,faults")
    let rows = lines.dropFirst().map { $0.split(separator: ",").map(String.init) }
    #expect(rows.allSatisfy { $0.count == 9 })
    let railed = rows.filter { $0[8] == "right-railed" }
    #expect(railed.count > 30, "\(railed.count) rows with the right cell railed")
    // The state is `fault` while it lasts, which is until 50 ms after the cell reads well again.
    #expect(railed.allSatisfy { $0[4] == "fault" })
    #expect(railed.filter { $0[2] == "1023" }.count > 30)
    #expect(rows.filter { $0[8] == "ok" }.count > railed.count)
    #expect(rows.allSatisfy { $0[8] == "ok" || $0[8] == "right-railed" })
    // Read back as a trace and plotted: the faults are marked where they change.
    #expect(try InputTrace.parse(String(contentsOf: output, encoding: .utf8)).count == rows.count)
    let marks = try PlotData.read(output.path).marks.map(\.token)
    #expect(marks.contains("fault:right-railed") && marks.contains("fault:clear"), "\(marks)")
  }

  // MARK: monitor

  @Test func monitorShowsAFaultAndClearsIt() {
    let model = MonitorModel()
    var t = Telemetry(
      frame: 300, left: 38, right: 1023, force: 0, state: .fault, direction: .up, value: 7, positionMilli: 7000,
      faults: CellFaults(left: .none, right: .railed))
    let faulty = model.screen(latest: t, received: 10, lost: 0, port: "tcp://x")
    #expect(faulty.contains("state fault"))
    #expect(faulty.contains(" FAULT "))
    #expect(
      faulty.contains("right cell railed (shorted to the supply?): the picker holds until it reads normally again"))
    let rightBar = faulty.components(separatedBy: "\r\n").first { $0.hasPrefix("  right  [") }
    #expect(rightBar?.contains("<- railed") == true)
    let plain = MonitorLine.render(t, thresholds: model.thresholds)
    #expect(
      plain.contains(" fault ")
        && plain.hasSuffix(
          "  fault: right cell railed (shorted to the supply?): the picker holds until it reads normally again")
    )

    t.faults = CellFaults(left: .drifted, right: .none)
    t.state = .idle
    let drifted = model.screen(latest: t, received: 11, lost: 0, port: "tcp://x")
    #expect(drifted.contains(" WARNING "))
    #expect(drifted.contains("left cell drifted (rest moved beyond baseline_limit: recalibrate): a warning"))

    t.faults = .none
    let clear = model.screen(latest: t, received: 12, lost: 0, port: "tcp://x")
    for gone in ["FAULT", "WARNING", "railed", "drifted", "<-"] { #expect(!clear.contains(gone), "\(gone) stayed") }
    #expect(clear.components(separatedBy: "\r\n").count == faulty.components(separatedBy: "\r\n").count)
    #expect(!MonitorLine.render(t, thresholds: model.thresholds).contains("fault"))
  }

  @Test(Support.needsSITL)
  func monitorLinesShowAFaultWhileItLasts() throws {
    let sitl = try Support.sitl(trace: Self.rightRailsFor300ms)
    defer { sitl.stop() }
    let text = try Support.forcectl(["monitor", "--port", sitl.address, "--seconds", "3", "--plain"])
    let lines = text.split(separator: "\n").filter { $0.contains(" L [") && $0.contains(" F [") }
    let faulty = lines.indices.filter { lines[$0].contains("fault: right cell railed (shorted to the supply?)") }
    #expect(!faulty.isEmpty, "no line named the railed cell")
    #expect(faulty.allSatisfy { lines[$0].contains(" fault ") })
    // It disappears when the fault clears.
    #expect(lines.indices.contains { $0 > (faulty.first ?? lines.count) && !lines[$0].contains("fault") })
  }
}

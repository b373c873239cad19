import ForceDevice
import ForceEngine
import ForceProtocol
import Foundation
import Testing

/// Clock bring-up that fails, in the RP2040 emulator (UART build). With the harness's
/// `--pll-never-locks` both PLLs' lock bit reads 0, the firmware's bounded waits time
/// out, and it runs on from the crystal, reporting the fault in `info` (and on the
/// LED) instead of hanging or booting as if all were well. With `--pll-switch-hangs`
/// the core stops when clk_sys moves to PLL_SYS (a hang no timeout can catch): the
/// watchdog, started before bring-up, resets the chip, and the next boot leaves the
/// PLLs off and says so. Runs where the emulator does, and always in CI, where a
/// missing emulator fails the suite.
@Suite(.serialized, .enabled(if: PicoEmulator.available || ProcessInfo.processInfo.environment["CI"] != nil))
struct PicoBootFaultEndToEndTests {
  @Test func aPLLThatNeverLocksIsReportedAndTheProtocolKeepsWorking() throws {
    let pico = try PicoEmulator(clockFaults: [.pllNeverLocks])
    var client = try pico.connect()
    var info = try #require(client.info)
    #expect(info.bootFaults == [.systemPLL, .usbPLL], "\(info.bootFaultNames)")
    #expect(info.resetReason == ResetCode.powerOn && info.chipRevision == 1)

    // It keeps serving requests, flash included, and runs its frames from the ADC.
    #expect(
      try client.request(.paramSet(ParamValue(.restThreshold, 250))) == .paramValue(ParamValue(.restThreshold, 250)))
    #expect(try client.request(.paramSave) == .ack(Ack(.paramSave)))
    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: false)))
    try pico.command("hold 640 80")
    let frames = try client.takeStreamed(waiting: .seconds(5)).compactMap {
      if case .telemetry(let telemetry) = $0 { telemetry } else { nil }
    }
    #expect(!frames.isEmpty, "no telemetry")
    client.close()

    // Every boot meets the same PLLs: a RUN-pin reset reports them again.
    try pico.command("reset")
    client = try pico.connect()
    info = try #require(client.info)
    #expect(info.bootFaults == [.systemPLL, .usbPLL] && info.resetReason == ResetCode.pin)
    #expect(info.parameterSource == .flash)
    client.close()

    // `forcectl info` names them.
    let text = try forcectlInfo(pico.address)
    #expect(
      text.contains("boot faults:  system PLL did not lock (CPU on the crystal); USB PLL did not lock"), "\(text)")
    #expect(text.contains("chip:         revision 1 (RP2040 B0 or B1; USB erratum E5"), "\(text)")
  }

  /// A crystal that never starts, or a clk_ref mux that never reports it: the firmware
  /// stays on the ROSC (the emulator's UART ignores the baud rate, so it answers), and
  /// says which. Neither tries the PLLs, which need the crystal: with the PLLs made
  /// never to lock as well, no PLL fault is reported.
  @Test(arguments: [
    (PicoEmulator.ClockFault.crystalNeverStarts, BootFaults.crystal),
    (PicoEmulator.ClockFault.refSwitchFails, BootFaults.clockSwitch),
  ])
  func noCrystalLeavesTheChipOnTheRingOscillator(fault: PicoEmulator.ClockFault, reported: BootFaults) throws {
    let pico = try PicoEmulator(clockFaults: [fault, .pllNeverLocks])
    let client = try pico.connect()
    defer { client.close() }
    let info = try #require(client.info)
    #expect(info.bootFaults == reported, "\(info.bootFaultNames)")
    #expect(info.resetReason == ResetCode.powerOn)
    #expect(
      try client.request(.paramGet(id: ParameterID.restThreshold.rawValue))
        == .paramValue(ParamValue(.restThreshold, Parameters()[.restThreshold])))
    #expect(try watchdogResets(pico) == 0)
  }

  @Test func aHangInClockBringUpIsResetByTheWatchdogAndNotRepeated() throws {
    let pico = try PicoEmulator(clockFaults: [.pllSwitchHangs])
    var client = try pico.connect()
    var info = try #require(client.info)
    #expect(info.bootFaults == [.bringUpHang] && info.resetReason == ResetCode.watchdog)
    #expect(try watchdogResets(pico) == 1, "one hang, one reset, then a boot without the PLLs")
    #expect(
      try client.request(.paramGet(id: ParameterID.restThreshold.rawValue))
        == .paramValue(ParamValue(.restThreshold, Parameters()[.restThreshold])))
    client.close()

    // A RUN-pin reset clears the mark: the next boot tries the PLLs again, hangs again,
    // and the watchdog brings it back the same way.
    try pico.command("reset")
    client = try pico.connect()
    defer { client.close() }
    info = try #require(client.info)
    #expect(info.bootFaults == [.bringUpHang] && info.resetReason == ResetCode.watchdog)
    #expect(try watchdogResets(pico) == 2)
  }

  /// The LED blinks the lowest fault's code, 1 + its bit: with both PLLs failing, 2
  /// (system PLL), in groups of 2 flashes of 2^18 µs, 2^18 µs apart, 7 × 2^18 µs dark
  /// between groups (refreshed once a 5 ms frame, so each edge may come a frame
  /// late). A clean boot leaves the LED dark at rest.
  @Test func theLEDBlinksTheFaultsCode() throws {
    let quarter = 262.144
    let pico = try PicoEmulator(clockFaults: [.pllNeverLocks])
    try pico.waitEmulated(milliseconds: 8_000)
    // From the second group's first flash: the first starts wherever the first frame
    // falls in its quarter second.
    let edges = Array(try ledEdges(pico).drop { $0.on == false }.dropFirst(4))
    try #require(edges.count >= 8, "\(edges)")
    let times = edges.map(\.ms)
    let durations = zip(times.dropFirst(), times).map { $0 - $1 }
    // on, off, on, then dark: the pattern repeats every 4 edges.
    for (index, duration) in durations.enumerated() {
      let units = index % 4 == 3 ? 7.0 : 1.0
      #expect(abs(duration - units * quarter) <= 6, "edge \(index): \(duration) ms, expected \(units) × \(quarter)")
    }
    #expect(edges.enumerated().allSatisfy { $0.element.on == ($0.offset % 2 == 0) })

    let clean = try PicoEmulator()
    try clean.waitEmulated(milliseconds: 3_000)
    let cleanEdges = try ledEdges(clean)  // the pin becoming a low output, no more
    #expect(cleanEdges.allSatisfy { !$0.on }, "the LED lit on a clean boot at rest: \(cleanEdges)")
  }

  /// The LED's last changes (GP25), as the harness's `led` command reports them.
  func ledEdges(_ pico: PicoEmulator) throws -> [(ms: Double, on: Bool)] {
    let json = try JSONSerialization.jsonObject(with: Data(try pico.command("led").utf8)) as? [String: Any]
    let edges = try #require(json?["edges"] as? [[Double]])
    return edges.map { (ms: $0[0], on: $0[1] == 1) }
  }

  /// The watchdog resets the harness has seen.
  func watchdogResets(_ pico: PicoEmulator) throws -> Int {
    let stats = try JSONSerialization.jsonObject(with: Data(try pico.command("stats").utf8)) as? [String: Any]
    return try #require((stats?["resets"] as? [String: Int])?["watchdog"])
  }

  /// `forcectl info --port ADDRESS`'s output (the product built beside the tests).
  func forcectlInfo(_ address: String) throws -> String {
    let forcectl = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("forcectl")
    try #require(FileManager.default.isExecutableFile(atPath: forcectl.path), "forcectl is not built")
    let process = Process()
    process.executableURL = forcectl
    process.arguments = ["info", "--port", address]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self)
  }
}

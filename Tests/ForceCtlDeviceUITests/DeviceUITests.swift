import ArgumentParser
import ForceCtlKit
import ForceDevice
import ForceLink
import ForceProtocol
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

@testable import ForceEngine

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("forcectl device commands", .serialized)
struct ForceCtlDeviceUITests {
  // MARK: Argument parsing

  @Test func deviceOptionsParseAndValidate() throws {
    let record =
      try ForceCtl.Record.parseAsRoot(["--port", "tcp://127.0.0.1:5760", "--output", "x.csv"]) as! ForceCtl.Record
    #expect(record.device.port == "tcp://127.0.0.1:5760")
    #expect(record.device.baud == 115_200)
    #expect(record.device.timeout == 2)
    #expect(record.decimation == 1)
    #expect(throws: (any Error).self) { try ForceCtl.Record.parseAsRoot(["--output", "x.csv"]) }  // no --port
    #expect(throws: (any Error).self) {
      try ForceCtl.Record.parseAsRoot(["--port", "/dev/ttyACM0", "--baud", "12345", "--output", "x"])
    }
    #expect(throws: (any Error).self) {
      try ForceCtl.Monitor.parseAsRoot(["--port", "/dev/ttyACM0", "--timeout", "0"])
    }
    do {
      _ = try ForceCtl.Record.parseAsRoot(["--port", "p", "--baud", "7", "--output", "x"])
    } catch {
      #expect(ForceCtl.Record.message(for: error).contains("--baud 7 is not a standard rate"))
    }
    let demo = try ForceCtl.Demo.parseAsRoot(["--sitl", "--plot", "d.svg"]) as! ForceCtl.Demo
    #expect(demo.sitl && demo.plot == "d.svg" && demo.port == nil)
    #expect(throws: (any Error).self) { try ForceCtl.Demo.parseAsRoot(["--sitl", "--port", "tcp://x:1"]) }
    let flash = try ForceCtl.Flash.parseAsRoot(["--drive", "/tmp/x"]) as! ForceCtl.Flash
    #expect(flash.expectVersion == "0.1.0" && flash.wait == 30)
    #expect(throws: (any Error).self) { try ForceCtl.Flash.parseAsRoot(["--expect-version", "1.2"]) }
    let calibrate = try ForceCtl.Calibrate.parseAsRoot(["--port", "p", "--yes", "--save"]) as! ForceCtl.Calibrate
    #expect(calibrate.yes && calibrate.save && calibrate.seconds == 1)
    let plot =
      try ForceCtl.Plot.parseAsRoot(["--input", "a.csv", "--output", "b.svg", "--set", "rest_threshold=250"])
      as! ForceCtl.Plot
    #expect(try plot.parameters.resolve()[.restThreshold] == 250)
  }

  // MARK: Error paths

  @Test func connectionRefusedSaysWhatToDo() throws {
    let port = EmulatedDevice.freePort()
    var options = try DeviceOptions.parse(["--port", "tcp://127.0.0.1:\(port)"])
    options.timeout = 1
    do {
      _ = try options.connect()
      Issue.record("connected to nothing")
    } catch let error as CLIError {
      #expect(error.description.contains("nothing is listening on 127.0.0.1:\(port)"), "\(error.description)")
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func silentListenerGivesNoHandshakeWithinTimeout() throws {
    let (port, fd) = try #require(Support.listener())
    defer { close(fd) }
    let options = try DeviceOptions.parse(["--port", "tcp://127.0.0.1:\(port)", "--timeout", "0.8"])
    let start = ContinuousClock.now
    do {
      _ = try options.connect()
      Issue.record("a silent listener shook hands")
    } catch let error as CLIError {
      #expect(error.description.hasPrefix("no handshake from"), "\(error.description)")
      #expect(error.description.contains("800 ms"))
    }
    // The timeout printed is the one taken.
    #expect(ContinuousClock.now - start < .milliseconds(1100))
  }

  // MARK: record

  @Test(Support.needsSITL)
  func recordWritesEveryFrameAgainstSITL() throws {
    let sitl = try Support.sitl(trace: Support.pressTrace())
    defer { sitl.stop() }
    let output = Support.temp("rec.csv")
    var command = try ForceCtl.Record.parseAsRoot(
      ["--port", sitl.address, "--output", output.path, "--seconds", "1.5", "--strict"])
    try command.run()
    let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
    #expect(lines.first == "frame,left,right,force,state,direction,position,value,faults")
    let rows = lines.dropFirst()
    #expect(rows.count > 150, "expected ~300 rows at 200 Hz, got \(rows.count)")
    let frames = rows.map { Int($0.split(separator: ",")[0])! }
    for (a, b) in zip(frames, frames.dropFirst()) { #expect((b - a + 65536) % 65536 == 1) }
    #expect(rows.contains { $0.contains(",scrolling,") })
  }

  @Test(Support.needsSITL)
  func recordKeepsDataWhenDeviceDisappears() throws {
    let sitl = try Support.sitl(trace: Support.pressTrace())
    let output = Support.temp("unplug.csv")
    var command = try ForceCtl.Record.parseAsRoot(["--port", sitl.address, "--output", output.path, "--seconds", "20"])
    let killer = Thread {
      Thread.sleep(forTimeInterval: 1.0)
      sitl.stop()
    }
    killer.start()
    let start = ContinuousClock.now
    // A lost link is never a success, but the rows received so far are kept.
    #expect(throws: CLIError.self) { try command.run() }
    #expect(ContinuousClock.now - start < .seconds(8))
    let rows = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").dropFirst()
    #expect(rows.count > 50, "kept \(rows.count) rows")
  }

  @Test func sequenceGapsAreCounted() {
    var sequence = TelemetrySequence(decimation: 2)
    for frame: UInt16 in [10, 12, 14, 20, 22, 65534, 0, 2] { sequence.observe(frame) }
    #expect(sequence.received == 8)
    #expect(sequence.lost == 2 + 32755)  // 14→20 lost 16 and 18; 22→65534 lost 32755
    #expect(sequence.gaps == 2)
    var wrap = TelemetrySequence(decimation: 1)
    for frame: UInt16 in [65534, 65535, 0, 1] { wrap.observe(frame) }
    #expect(wrap.lost == 0)
  }

  // MARK: monitor

  @Test(Support.needsSITL)
  func monitorPrintsLinesWhenNotATerminal() throws {
    let sitl = try Support.sitl(trace: Support.pressTrace())
    defer { sitl.stop() }
    let plain = try Support.forcectl(["monitor", "--port", sitl.address, "--seconds", "1", "--plain"])
    let lines = plain.split(separator: "\n").filter { $0.contains(" L [") && $0.contains(" F [") }
    #expect(lines.count > 25, "got \(lines.count) monitor lines")
    #expect(lines.allSatisfy { $0.contains("value") })
    let jsonText = try Support.forcectl(["monitor", "--port", sitl.address, "--seconds", "0.5", "--json"])
    let first = try #require(jsonText.split(separator: "\n").first { $0.hasPrefix("{") })
    let object = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
    #expect(object?["force"] != nil && object?["state"] != nil)
  }

  @Test func monitorKeysSelectAndStepParameters() {
    var model = MonitorModel()
    model.update(ParamValue(.restThreshold, 205))
    #expect(model.handle(.up) == ParamValue(.restThreshold, 210))
    #expect(model.handle(.tab) == nil)
    #expect(model.tunables[model.selected].parameter == .boostThreshold)
    #expect(model.handle(.left) == nil)
    #expect(model.handle(.down) == ParamValue(.restThreshold, 200))
    model.update(ParamValue(.filterMs, 0))
    model.selected = 4
    #expect(model.handle(.down) == nil)  // already at the minimum
    _ = model.handle(.quit)
    #expect(model.quit)
    #expect(Key.parse([0x1B, 0x5B, 0x41, 0x09, 0x71]) == [.up, .tab, .quit])
    let screen = model.screen(latest: nil, received: 0, lost: 3, port: "tcp://x")
    #expect(screen.contains("dropped 3") && screen.contains("rest_threshold"))
  }

  // MARK: calibrate

  @Test func calibrationProposalMath() throws {
    var rest: [RawFrame] = []
    for i in 0..<200 { rest.append(RawFrame(left: UInt16(40 + i % 3), right: UInt16(60 + i % 5))) }
    let left = (0..<200).map { RawFrame(left: UInt16(min(540, 100 + $0 * 5)), right: 62) }
    let right = (0..<200).map { RawFrame(left: 41, right: UInt16(min(860, 100 + $0 * 8))) }
    let proposal = try CalibrationProposal.from(rest: rest, left: left, right: right)
    #expect(proposal.leftOffset == 49)  // mean 41 + margin 8
    #expect(proposal.rightOffset == 70)  // mean 62 + margin 8
    // The gains act on what the FSR law makes of a press above its offset.
    let firmLeft = Double(ForceEngine.fsrLawReading(540, offset: 49))
    let firmRight = Double(ForceEngine.fsrLawReading(860, offset: 70))
    #expect(firmLeft > 540 - 49 && firmRight > 860 - 70)
    #expect(proposal.leftGain == Int32((1000.0 * 1000 / firmLeft).rounded()))
    #expect(proposal.rightGain == Int32((1000.0 * 1000 / firmRight).rounded()))
    #expect(proposal.batch.count == 5 && proposal.summary.contains("fsr_law=1"), "\(proposal.summary)")
    var parameters = Parameters.defaults
    for index in 0..<proposal.batch.count {
      let item = proposal.batch[index]
      try parameters.set(ParameterID(rawValue: item.id)!, to: item.value)
    }
    #expect(parameters[.fsrLaw] == 1)
    var engine = ForceEngine(parameters: parameters)
    var force = 0
    for _ in 0..<100 { force = Int(engine.step(left: 540, right: 70).force) }
    #expect(abs(force - 1000) <= 3, "a firm press reads ~full scale: \(force)")
    for _ in 0..<100 { force = Int(engine.step(left: 43, right: 63).force) }
    #expect(force == 0)  // rest noise reads 0
    do {
      _ = try CalibrationProposal.from(rest: rest, left: rest, right: right)
      Issue.record("a press that reads like rest was accepted")
    } catch {
      #expect(error.description.contains("press the left side firmly"), "\(error.description)")
    }
  }

  @Test func calibrationProposalFromMediumPresses() throws {
    var rest: [RawFrame] = []  // offsets 49, 70
    for i in 0..<200 { rest.append(RawFrame(left: UInt16(40 + i % 3), right: UInt16(60 + i % 5))) }
    let left = (0..<200).map { _ in RawFrame(left: 970, right: 120) }
    let right = (0..<200).map { _ in RawFrame(left: 100, right: 975) }
    // Each medium press reads on both cells; the engine adds them: gains gL, gR with
    // 380·gL + 30·gR = 512 and 20·gL + 420·gR = 512.
    var mediumLeft: [RawFrame] = []
    var mediumRight: [RawFrame] = []
    for i in 0..<200 {
      mediumLeft.append(RawFrame(left: UInt16(428 + i % 3), right: 100))
      mediumRight.append(RawFrame(left: 69, right: UInt16(489 + i % 3)))
    }
    let proposal = try CalibrationProposal.from(
      rest: rest, left: left, right: right, medium: (mediumLeft, mediumRight))
    #expect(proposal.leftOffset == 49 && proposal.rightOffset == 70)
    let gainLeft = Double(proposal.leftGain) / 1000
    let gainRight = Double(proposal.rightGain) / 1000
    // The medians (429, 100) and (69, 490), each by the FSR law above its offset.
    func law(_ reading: Int32, _ offset: Int32) -> Double { Double(ForceEngine.fsrLawReading(reading, offset: offset)) }
    let onLeft = law(429, 49) * gainLeft + law(100, 70) * gainRight
    let onRight = law(69, 49) * gainLeft + law(490, 70) * gainRight
    #expect(abs(onLeft - 512) < 1.5 && abs(onRight - 512) < 1.5, "\(gainLeft), \(gainRight)")
    let media = (left: law(429, 49) + law(100, 70), right: law(69, 49) + law(490, 70))
    #expect(proposal.batch.count == 5 && proposal.leftMedium == media.left && proposal.rightMedium == media.right)
    #expect(
      proposal.summary.contains(
        "left medium \(Int(media.left)), right medium \(Int(media.right)) above rest by the FSR law"),
      "\(proposal.summary)")
    // Without medium presses the firm presses set the gains, as before.
    let firm = try CalibrationProposal.from(rest: rest, left: left, right: right)
    #expect(firm.leftGain == Int32((1000.0 * 1000 / law(970, 49)).rounded()) && firm.leftMedium == 0)

    func refusal(_ mediumLeft: [RawFrame], _ mediumRight: [RawFrame]) -> String {
      do {
        _ = try CalibrationProposal.from(rest: rest, left: left, right: right, medium: (mediumLeft, mediumRight))
        return "accepted"
      } catch { return error.description }
    }
    // A medium press that reads like rest: the cell's own refusal, naming the step.
    #expect(
      refusal(rest, mediumRight).contains(
        "the left cell did not rise above its rest (press 42, rest up to 42) during the left medium press step: press the left side at medium force"
      ))
    // Too light to measure, as firm as the firm press, or on the wrong side.
    let light = (0..<200).map { _ in RawFrame(left: 80, right: 62) }
    #expect(
      refusal(light, mediumRight)
        == "the left medium press read only 80 (rest 49): press the left side at medium force and try again")
    let firmAgain = (0..<200).map { _ in RawFrame(left: 950, right: 100) }
    #expect(
      refusal(firmAgain, mediumRight)
        == "the left medium press read 950, nearly as much as the firm press (970): press the left side about half as hard and try again"
    )
    let wrongSide = (0..<200).map { _ in RawFrame(left: 400, right: 150) }
    #expect(
      refusal(mediumLeft, wrongSide)
        == "the right medium press read more on the left cell than on the right one: press the right side and try again"
    )
    let lightRight = (0..<200).map { _ in RawFrame(left: 69, right: 110) }
    #expect(
      refusal(mediumLeft, lightRight)
        == "the right medium press read only 110 (rest 70): press the right side at medium force and try again")
  }

  @Test(Support.needsSITL)
  func calibrateFlowAgainstSITL() throws {
    // A flat trace: the flow runs end to end and refuses, naming the weak press.
    let flat = (0..<100).map { _ in RawFrame(left: 40, right: 50) }
    let sitl = try Support.sitl(trace: flat)
    defer { sitl.stop() }
    let (output, failure) = try Support.calibrate(sitl.address)
    #expect(output.contains("Press the LEFT side firmly"))
    #expect(output.contains("recorded"))
    #expect(failure?.contains("press the left side firmly") == true, "\(failure ?? "no error")")

    // The batch a proposal sends is accepted whole and reads back.
    var rest: [RawFrame] = Array(repeating: RawFrame(left: 40, right: 50), count: 20)
    rest[0] = RawFrame(left: 40, right: 50)
    let proposal = try CalibrationProposal.from(
      rest: rest, left: Array(repeating: RawFrame(left: 548, right: 50), count: 20),
      right: Array(repeating: RawFrame(left: 40, right: 614), count: 20))
    #expect(proposal.leftOffset == 48 && proposal.rightOffset == 58)
    let client = try sitl.connect()
    defer { client.close() }
    _ = try client.request(.paramSetBatch(proposal.batch))
    for (id, value) in [
      (ParameterID.leftOffset, proposal.leftOffset), (.rightOffset, proposal.rightOffset),
      (.leftGain, proposal.leftGain), (.rightGain, proposal.rightGain),
    ] {
      #expect(try client.request(.paramGet(id: id.rawValue)) == .paramValue(ParamValue(id, value)))
    }
  }

  // MARK: flash

  @Test func flashCopiesOntoTheDrive() throws {
    let drive = Support.temp("MICROBIT")
    try FileManager.default.createDirectory(at: drive, withIntermediateDirectories: true)
    let hex = Support.temp("fw.hex")
    try ":020000040000FA\n:00000001FF\n".write(to: hex, atomically: true, encoding: .utf8)
    _ = try Support.forcectl(["flash", "--hex", hex.path, "--drive", drive.path, "--no-verify"])
    let copied = try String(contentsOf: drive.appendingPathComponent("fw.hex"), encoding: .utf8)
    #expect(copied.hasPrefix(":020000040000FA"))

    // Drive finding: a MICROBIT directory under a media-like root.
    let media = drive.deletingLastPathComponent().appendingPathComponent("media/alice/MICROBIT")
    try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
    let pattern = drive.deletingLastPathComponent().path + "/media/*/MICROBIT"
    #expect(BoardDrive.microbit.find(patterns: [pattern]) == [media.path])
    #expect(BoardDrive.microbit.find(patterns: ["/nonexistent-\(UUID().uuidString)/*/MICROBIT"]).isEmpty)
  }

  /// `--board pico`: the UF2 goes onto the RPI-RP2 drive; a .hex is refused and not copied.
  @Test func flashCopiesTheUF2OntoThePicoDrive() throws {
    let drive = Support.temp("RPI-RP2")
    try FileManager.default.createDirectory(at: drive, withIntermediateDirectories: true)
    let uf2 = Support.temp("fw.uf2")
    let block = Data([0x55, 0x46, 0x32, 0x0A, 0x57, 0x51, 0x5D, 0x9E]) + Data(count: 504)
    try block.write(to: uf2)
    let output = try Support.forcectl([
      "flash", "--board", "pico", "--image", uf2.path, "--drive", drive.path, "--no-verify",
    ])
    #expect(output.contains("copied \(uf2.path) to \(drive.path)/fw.uf2"))
    #expect(try Data(contentsOf: drive.appendingPathComponent("fw.uf2")) == block)

    let hex = Support.temp("fw.hex")
    try ":00000001FF\n".write(to: hex, atomically: true, encoding: .utf8)
    var wrong = try ForceCtl.Flash.parseAsRoot(["--board", "pico", "--image", hex.path, "--drive", drive.path])
    do {
      try wrong.run()
      Issue.record("copied a .hex onto the Pico drive")
    } catch {
      #expect(ForceCtl.message(for: error) == "\(hex.path) is not a UF2 file")
    }
    #expect(!FileManager.default.fileExists(atPath: drive.appendingPathComponent("fw.hex").path))

    // Drive finding: a mounted RPI-RP2 drive holds INFO_UF2.TXT; an empty mount point
    // left behind is not the drive.
    let media = drive.deletingLastPathComponent().appendingPathComponent("media/bob/RPI-RP2")
    try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
    let pattern = drive.deletingLastPathComponent().path + "/media/*/RPI-RP2"
    #expect(BoardDrive.pico.find(patterns: [pattern]).isEmpty)
    try Data("UF2 Bootloader v1.0\n".utf8).write(to: media.appendingPathComponent("INFO_UF2.TXT"))
    #expect(BoardDrive.pico.find(patterns: [pattern]) == [media.path])
    #expect(BoardDrive.pico.patterns.contains("/media/*/RPI-RP2"))
    #expect(throws: (any Error).self) { try ForceCtl.Flash.parseAsRoot(["--board", "esp32"]) }
  }

  /// After the copy, flash waits for the port, shakes hands and checks which board
  /// answered: SITL on --port says "sitl", not "pico", so `--board pico` refuses it.
  @Test(Support.needsSITL) func flashChecksTheBoardThatAnswers() throws {
    let device = try Support.sitl()
    defer { device.stop() }
    let drive = Support.temp("RPI-RP2")
    try FileManager.default.createDirectory(at: drive, withIntermediateDirectories: true)
    try Data("UF2 Bootloader v1.0\n".utf8).write(to: drive.appendingPathComponent("INFO_UF2.TXT"))
    let uf2 = Support.temp("fw.uf2")
    try Data([0x55, 0x46, 0x32, 0x0A]).write(to: uf2)
    let error = try Support.forcectlError([
      "flash", "--board", "pico", "--image", uf2.path, "--drive", drive.path, "--port", device.address, "--wait", "10",
    ])
    #expect(error == "the board answering on the port is \"sitl\", not a Pico (pico): check --port")
  }

  /// `--board pico` with no drive mounted and a ForcePicker on --port: forcectl reboots
  /// it into BOOTSEL mode, waits for the drive, copies the UF2 and checks the board
  /// that comes back, saying each step.
  @Test func flashRebootsAPicoIntoBootselFirst() throws {
    let drive = Support.temp("RPI-RP2")
    let pico = try FakePico(drive: drive)
    defer { pico.stop() }
    let uf2 = Support.temp("fw.uf2")
    let block = Data([0x55, 0x46, 0x32, 0x0A, 0x57, 0x51, 0x5D, 0x9E]) + Data(count: 504)
    try block.write(to: uf2)
    let run = try Support.run([
      "flash", "--board", "pico", "--image", uf2.path, "--drive", drive.path, "--port", pico.address, "--wait", "10",
    ])
    #expect(run.status == 0, "\(run.error ?? "")")
    #expect(pico.bootsels == 1 && pico.flashed == block)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "rebooted \(pico.address) into BOOTSEL mode")
    #expect(lines.contains("waiting up to 10 s for the RPI-RP2 drive…"))
    #expect(lines.contains("copied \(uf2.path) to \(drive.path)/fw.uf2"))
    #expect(lines.last?.hasPrefix("board is back: ") == true)

    // A mounted drive needs no reboot.
    try FileManager.default.createDirectory(at: drive, withIntermediateDirectories: true)
    try Data("UF2 Bootloader v1.0\n".utf8).write(to: drive.appendingPathComponent("INFO_UF2.TXT"))
    let again = try Support.run([
      "flash", "--board", "pico", "--image", uf2.path, "--drive", drive.path, "--port", pico.address, "--no-verify",
    ])
    #expect(again.status == 0 && pico.bootsels == 1)
  }

  /// The board rebooted but its drive never mounted: the error says which step, how
  /// long it waited and what to do, and nothing is copied anywhere.
  @Test func flashSaysWhenTheDriveNeverAppears() throws {
    let drive = Support.temp("RPI-RP2")
    let pico = try FakePico(drive: drive, mountsDrive: false)
    defer { pico.stop() }
    let uf2 = Support.temp("fw.uf2")
    try Data([0x55, 0x46, 0x32, 0x0A]).write(to: uf2)
    let error = try Support.forcectlError([
      "flash", "--board", "pico", "--image", uf2.path, "--drive", drive.path, "--port", pico.address, "--wait", "1",
    ])
    #expect(
      error
        == "\(pico.address) rebooted into BOOTSEL mode, but no RPI-RP2 drive appeared in \(drive.path) within 1 s: mount it (a desktop does it by itself; the Pico's LED stays dark meanwhile) and run this again with --drive PATH"
    )
    #expect(pico.bootsels == 1 && !FileManager.default.fileExists(atPath: drive.path))
  }

  /// A board on --port that cannot reboot itself (SITL: not a Pico) is named, and
  /// nothing is sent to it or copied.
  @Test(Support.needsSITL) func flashWithoutADriveNamesTheBoardThatCannotReboot() throws {
    let device = try Support.sitl()
    defer { device.stop() }
    let drive = Support.temp("RPI-RP2")
    let uf2 = Support.temp("fw.uf2")
    try Data([0x55, 0x46, 0x32, 0x0A]).write(to: uf2)
    let error = try Support.forcectlError([
      "flash", "--board", "pico", "--image", uf2.path, "--drive", drive.path, "--port", device.address,
    ])
    #expect(
      error
        == "no RPI-RP2 drive, and the board on \(device.address) is \"sitl\", not a Pico: hold BOOTSEL while plugging the Pico in, or give --port"
    )
    #expect(!FileManager.default.fileExists(atPath: drive.path))
  }

  @Test func flashErrorsAreClear() throws {
    var missing = try ForceCtl.Flash.parseAsRoot(["--drive", "/nonexistent/MICROBIT", "--hex", "/etc/hostname"])
    #expect(throws: CLIError.self) { try missing.run() }
    do { try missing.run() } catch { #expect(ForceCtl.message(for: error).contains("is not a mounted drive")) }
    // With no drive mounted, each board's message names its drive, how to get it, and --drive.
    for (board, hint) in [(FlashBoard.microbit, "plug the board in"), (.pico, "hold BOOTSEL")]
    where board.drive.find().isEmpty {
      var none = try ForceCtl.Flash.parseAsRoot(["--board", board.rawValue])
      do {
        try none.run()
        Issue.record("flashed without a drive")
      } catch {
        let message = ForceCtl.message(for: error)
        #expect(message.hasPrefix("no \(board.drive.label) drive found"), "\(message)")
        #expect(message.contains(hint) && message.contains("--drive"))
      }
    }
  }

  // MARK: plot

  @Test func plotWritesAnSVGWithThresholds() throws {
    let frames = try DemoGesture.frames()
    let csv = Simulation(parameters: .defaults).csv(for: frames)
    let input = Support.temp("sim.csv")
    try csv.write(to: input, atomically: true, encoding: .utf8)
    let output = input.deletingLastPathComponent().appendingPathComponent("fig.svg")
    var command = try ForceCtl.Plot.parseAsRoot(["--input", input.path, "--output", output.path])
    try command.run()
    let svg = try String(contentsOf: output, encoding: .utf8)
    let parser = XMLParser(data: Data(svg.utf8))
    #expect(parser.parse(), "SVG is not well-formed XML: \(String(describing: parser.parserError))")
    for name in ["threshold-contact", "threshold-rest", "threshold-boost"] { #expect(svg.contains("id=\"\(name)\"")) }
    #expect(svg.contains("stroke-dasharray"))
    #expect(svg.contains("rest 205") && svg.contains("boost 818"))
    #expect(svg.contains("class=\"commit\""))

    guard let rsvg = HostTool.which("rsvg-convert") else {
      print("rsvg-convert not installed (apt-get install librsvg2-bin): skipping the PNG render check")
      return
    }
    let png = output.deletingPathExtension().appendingPathExtension("png")
    let process = Process()
    process.executableURL = rsvg
    process.arguments = ["-o", png.path, output.path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let data = try Data(contentsOf: png)
    #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test func plotReadsRecordCSVAndRejectsGarbage() throws {
    let input = Support.temp("rec.csv")
    try
      "frame,left,right,force,state,direction,position,value\n65534,0,0,0,idle,up,0.000,0\n65535,10,10,20,resting,up,0.000,0\n0,100,300,400,scrolling,up,0.100,0\n"
      .write(to: input, atomically: true, encoding: .utf8)
    let data = try PlotData.parse(csv: String(contentsOf: input, encoding: .utf8))
    #expect(data.seconds.count == 3 && data.seconds[2] > data.seconds[1])
    let bad = Support.temp("bad.csv")
    try "a,b\n1,2\n".write(to: bad, atomically: true, encoding: .utf8)
    var command = try ForceCtl.Plot.parseAsRoot(["--input", bad.path, "--output", Support.temp("x.svg").path])
    do { try command.run(); Issue.record("plotted garbage") } catch {
      #expect(ForceCtl.message(for: error).contains("force and value"))
    }
  }

  // MARK: demo

  @Test(Support.needsSITL)
  func demoWithSITL() throws {
    let plot = Support.temp("demo.svg")
    let output = try Support.forcectl(["demo", "--sitl", "--plot", plot.path])
    #expect(output.contains("== handshake:"), "\(output)")
    #expect(output.contains("speed_normal_max 14063 -> 20000 (read back: 20000)"))
    #expect(output.contains("commit:"))
    #expect(output.contains("== committed value:"))
    #expect(XMLParser(data: try Data(contentsOf: plot)).parse())
  }

  @Test(
    .enabled(
      if: HostTool.which(QEMU.executable) != nil
        && FileManager.default.fileExists(atPath: FirmwareImage.elf(in: Support.root).path),
      "needs qemu-system-arm and a built firmware (Tools/test builds both)"))
  func demoWithQEMU() throws {
    let plot = Support.temp("demo-qemu.svg")
    let output = try Support.forcectl(["demo", "--plot", plot.path])
    #expect(output.contains("in QEMU"), "\(output)")
    #expect(output.contains("microbit"))
    #expect(output.contains("== committed value:"))
    #expect(FileManager.default.fileExists(atPath: plot.path))
  }

  @Test func demoWithoutDeviceReportsRefusal() throws {
    let error = try Support.forcectlError([
      "demo", "--port", "tcp://127.0.0.1:\(EmulatedDevice.freePort())", "--timeout", "0.5",
    ])
    #expect(error?.contains("nothing is listening") == true, "\(error ?? "it ran without a device")")
  }
}

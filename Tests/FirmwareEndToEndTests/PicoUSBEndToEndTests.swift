import ForceDevice
import ForceEngine
import ForceFirmware
import ForceProtocol
import ForceTestSupport
import ForceTrace
import ForceUSB
import Foundation
import Testing

/// The Pico firmware's default build in the RP2040 emulator, its serial port a USB
/// CDC-ACM device: the emulator's USB host enumerates it, and a TCP client opening the
/// CDC data path raises DTR as `cdc_acm` does. The same end-to-end checks as over the
/// UART, plus what only USB has: descriptors, re-enumeration while streaming, a port
/// nobody has open, a host that stops reading, and the throughput over 10 s.
@Suite(.serialized, .enabled(if: PicoEmulator.usbAvailable || ProcessInfo.processInfo.environment["CI"] != nil))
struct PicoUSBEndToEndTests {
  @Test func enumeratesAsACDCACMDeviceAndShakesHands() throws {
    let pico = try PicoEmulator(serial: .usb)
    let client = try pico.connect()
    defer { client.close() }
    #expect(client.info?.board.equals("pico") == true)
    #expect(client.info?.resetReason == ResetCode.powerOn)
    let usb = try pico.usbState()
    let device = try #require(usb["device"] as? [String: Any])
    #expect(
      device["vendor_id"] as? Int == Int(USBIdentity.vendorID)
        && device["product_id"] as? Int == Int(USBIdentity.productID))
    #expect(device["bcd_device"] as? Int == 0x0010 && device["class"] as? Int == 0xEF)  // composite, IAD
    let strings = try #require(usb["strings"] as? [String: Any])
    #expect(strings["0"] as? [Int] == [0x0409])
    #expect(strings["2"] as? String == "ForcePicker")
    #expect(strings["3"] as? String == "ForcePicker firmware 0.1.0")
    // iSerialNumber 4: the flash chip's unique ID, read through the boot ROM at boot.
    #expect(device["strings"] as? [Int] == [1, 2, 4])
    #expect(strings["4"] as? String == PicoEmulator.flashUniqueID)
    #expect(usb["device_qualifier_stalls"] as? Bool == true)
    #expect(usb["line_coding"] as? [Int] == [0x00, 0xC2, 0x01, 0, 0, 0, 8])  // GET_LINE_CODING: 115200 8N1
    #expect(usb["dtr"] as? Bool == true && usb["enumerations"] as? Int == 1)
  }

  /// The composite device as the emulated host enumerates it: the raw configuration
  /// walked here (the CDC pair under an interface association, interface 2 HID with
  /// its interrupt IN endpoint 0x83), and the report descriptor the host read from
  /// interface 2, decoded by the tests' own HID parser: a keyboard, a mouse wheel,
  /// consumer control, each report one byte after its ID, and a joystick axis of two. No report is sent while
  /// the serial port is in use and nothing asks for one.
  @Test func theHIDInterfaceEnumeratesBesideTheSerialPort() throws {
    let pico = try PicoEmulator(serial: .usb)
    let client = try pico.connect()
    defer { client.close() }
    let usb = try pico.usbState { ($0["hid_report_descriptors"] as? [Any])?.isEmpty == false }
    let configuration = try #require(Self.bytes(hex: usb["configuration"] as? String))
    #expect(configuration.count == Int(configuration[2]) | Int(configuration[3]) << 8)
    var descriptors: [[UInt8]] = []
    var offset = 0
    while offset + 2 <= configuration.count, configuration[offset] >= 2 {
      descriptors.append(Array(configuration[offset..<min(configuration.count, offset + Int(configuration[offset]))]))
      offset += Int(configuration[offset])
    }
    #expect(offset == configuration.count)
    #expect(descriptors.first?[4] == 4)  // four interfaces
    #expect(descriptors.contains([9, 4, 3, 0, 0, 0xFF, 0x00, 0x01, 0]))  // the reset interface
    #expect(descriptors.filter { $0[1] == 0x0B } == [[8, 0x0B, 0, 2, 0x02, 0x02, 0x00, 0]])
    let hidInterface = try #require(descriptors.firstIndex { $0[1] == 4 && $0[5] == 3 })
    #expect(descriptors[hidInterface][2] == 2)
    let hid = descriptors[hidInterface + 1]
    #expect(hid[1] == 0x21 && hid[6] == 0x22)
    #expect(descriptors[hidInterface + 2] == [7, 5, 0x83, 3, 8, 0, 1])

    let reports = try #require(usb["hid_report_descriptors"] as? [String])
    #expect(reports.count == 1)
    let report = try #require(Self.bytes(hex: reports.first))
    #expect(report.count == Int(hid[7]) | Int(hid[8]) << 8)
    let parsed = try #require(HIDItemParser.parse(report))
    #expect(parsed.applications.map(\.usage) == [0x0001_0006, 0x0001_0002, 0x000C_0001, 0x0001_0004])
    #expect(parsed.applications.map(\.reportID) == [1, 2, 3, 4])
    for id: UInt8 in [1, 2, 3] { #expect(parsed.inputBits(id) == 8) }
    #expect(parsed.inputBits(4) == 16)
    // The serial port works beside it, and nothing has been reported.
    #expect(client.info?.board.equals("pico") == true)
    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: false)))
    _ = try telemetryFrames(from: client, count: 20)
    #expect(try pico.usbState()["hid_reports"] as? [String] == [])
  }

  /// Every golden trace played into the ADC in each `hid_mode` with reports: the
  /// reports the host's interrupt endpoint received, decoded through the report
  /// descriptor the host read (the tests' own parser), are the steps, commits and
  /// values of the trace's `sim run` output as Docs/usb.md describes them
  /// (`HIDExpectation`; the wheel in its high-resolution units, which the host turned
  /// on as Linux does), none lost and none extra; the CSV rebuilt from the CDC stream
  /// meanwhile is still `sim run`'s, byte for byte.
  @Test(arguments: [HIDMode.keyboard, .wheel, .consumer, .axis])
  func goldenTracesAsHIDReports(mode: HIDMode) throws {
    let pico = try PicoEmulator(serial: .usb)
    let usb = try pico.usbState { ($0["hid_report_descriptors"] as? [Any])?.isEmpty == false }
    let descriptor = try #require(Self.bytes(hex: (usb["hid_report_descriptors"] as? [String])?.first))
    let parsed = try #require(HIDItemParser.parse(descriptor))
    let multiplier = usb["wheel_multiplier"] as? Int
    #expect(multiplier == 1)
    #expect(GoldenTraces.names.count >= 12)
    for name in GoldenTraces.names {
      let (input, assignments, _) = try GoldenTraces.load(name)
      let parameters = try ParameterText.applying(assignments + [(.hidMode, mode.rawValue)], to: .defaults)
      let before = (try pico.usbState()["hid_reports"] as? [String])?.count ?? 0
      let actual = try PicoEndToEndTests().play(GoldenTraces.url(of: name, "in.csv"), parameters: parameters, on: pico)
      let output = Simulation(parameters: parameters).csv(for: input)
      #expect(actual == output, "\(name): the CDC stream differs")
      // The last step's reports follow its frame by a poll or two: wait 20 ms of
      // emulated time. Only the reports of the trace's frames count: the device runs
      // frames before it (under the new parameters, before the reset) and after it
      // (the cells at rest), which `sim run` does not.
      try pico.waitEmulated(milliseconds: 20)
      let usb = try pico.usbState()
      let frames = (usb["hid_report_frames"] as? [Any]) ?? []
      let all = zip((usb["hid_reports"] as? [String]) ?? [], frames.map { $0 as? Int }).dropFirst(before)
      #expect(frames.count == ((usb["hid_reports"] as? [String]) ?? []).count)
      let reports = all.filter { $0.1 != nil }.map(\.0)
      let inputs = try reports.map { try #require(Self.decode(Self.bytes(hex: $0) ?? [], parsed), "\($0)") }
      let range = parameters[.rangeMin]...parameters[.rangeMax]
      let expected = HIDExpectation(outputCSV: output, range: range, wraps: parameters[.wrap] != 0)
      // The host turned the wheel's resolution multiplier on, as Linux does: 8 units a detent.
      let problems = expected.problems(
        inputs, mode: mode, keys: (0x52, 0x51, 0x28), range: range, wheelUnitsPerDetent: multiplier == 1 ? 8 : 1)
      #expect(problems.isEmpty, "\(name), \(mode.name): \(problems)")
    }
  }

  /// One input report as a host reads it from the descriptor: the report ID names an
  /// application collection, whose usage says what the data is.
  static func decode(_ report: [UInt8], _ descriptor: HIDItemParser) -> HIDInput? {
    guard let id = report.first, let application = descriptor.applications.first(where: { $0.reportID == id }),
      report.count == 1 + descriptor.inputBits(id) / 8
    else { return nil }
    switch application.usage {
    case 0x0001_0006: return .key(report[1])  // Keyboard: the key code array
    case 0x0001_0002: return .wheel(Int8(bitPattern: report[1]))  // Mouse: the wheel
    case 0x000C_0001: return .consumer(report[1])  // Consumer Control: the buttons' bits
    case 0x0001_0004: return .axis(UInt16(report[1]) | UInt16(report[2]) << 8)  // Joystick: X
    default: return nil
    }
  }

  static func bytes(hex: String?) -> [UInt8]? {
    guard let hex, hex.count % 2 == 0 else { return nil }
    var result: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
      result.append(byte)
      index = next
    }
    return result
  }

  @Test func parametersSaveAndSurviveAReboot() throws {
    try PicoEndToEndTests().checkParametersSurviveAReboot(on: PicoEmulator(serial: .usb))
  }

  @Test func goldenTracesThroughTheADC() throws {
    try PicoEndToEndTests().checkGoldenTraces(on: PicoEmulator(serial: .usb))
  }

  /// Between frames the core sleeps with USB up: USBCTRL_IRQ wakes it for transfers.
  @Test func theCPUSleepsBetweenFramesWithinTheDutyBudget() throws {
    try PicoSleepEndToEndTests().checkDuty(on: PicoEmulator(serial: .usb))
  }

  /// The cable is pulled and plugged back in while telemetry streams: the device keeps
  /// running (no reset, the frame count goes on), enumerates again, and streams again.
  @Test func reenumerationInTheMiddleOfStreaming() throws {
    let pico = try PicoEmulator(serial: .usb)
    var client = try pico.connect()
    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: false)))
    let before = try telemetryFrames(from: client, count: 50)
    try pico.command("replug")
    client.close()
    client = try pico.connect()
    defer { client.close() }
    #expect(client.info?.resetReason == ResetCode.powerOn)  // not rebooted
    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: false)))
    let after = try telemetryFrames(from: client, count: 50)
    #expect(after.first! > before.last!)
    #expect(try pico.usbState()["enumerations"] as? Int == 2)
    #expect(try pico.command("stats").contains("\"watchdog\": 0"))
  }

  /// With the port closed (DTR down) nothing goes out, however long it streams; the
  /// next client finds the device answering.
  @Test func nothingIsSentWhileNobodyListens() throws {
    let pico = try PicoEmulator(serial: .usb)
    var client = try pico.connect()
    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: true)))
    _ = try telemetryFrames(from: client, count: 20)
    client.close()
    Thread.sleep(forTimeInterval: 0.5)
    let closed = try #require(try pico.usbState()["bytes_from_device"] as? Int)
    try pico.waitEmulated(milliseconds: 1000)
    #expect(try pico.usbState()["bytes_from_device"] as? Int == closed)
    client = try pico.connect()
    defer { client.close() }
    #expect(client.info?.board.equals("pico") == true)
  }

  /// A host that stops reading: the engine keeps its frames, telemetry is dropped and
  /// counted, replies still get through once the host reads again.
  @Test func telemetryIsDroppedAndCountedWhileTheHostDoesNotRead() throws {
    let pico = try PicoEmulator(serial: .usb)
    let client = try pico.connect()
    defer { client.close() }
    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: false)))
    let before = try telemetryFrames(from: client, count: 20)
    try pico.command("throttle on")
    try pico.waitEmulated(milliseconds: 1000)
    try pico.command("throttle off")
    let all = before + (try telemetryFrames(from: client, count: 60))
    let longestGap = zip(all, all.dropFirst()).map { $1 &- $0 }.max()!
    #expect(longestGap > 150)  // about 200 frames ran while nobody read; the stream resumed
    guard case .statsReport(let stats) = try client.request(.stats) else { throw DeviceError.unexpected("stats") }
    #expect(stats.streamDropped > 100)
    #expect(try pico.usbState()["held_packets"] as? Int ?? 0 > 0)
  }

  /// Telemetry of every frame for 10 s of emulated time at 200 Hz and at the highest
  /// frame rate the parameters allow: frames sent, received and dropped (printed for
  /// Docs/usb.md).
  @Test(arguments: [200, 1000]) func throughputOverTenSeconds(rate: Int) throws {
    let pico = try PicoEmulator(serial: .usb)
    let client = try pico.connect()
    defer { client.close() }
    _ = try client.request(.paramSet(ParamValue(.sampleRateHz, Int32(rate))))
    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: false)))
    var frames: [UInt16] = []
    let start = try pico.emulatedMilliseconds()
    while try pico.emulatedMilliseconds() < start + 10_000 {
      frames += try telemetryFrames(from: client, count: 0)
    }
    _ = try client.request(.streamStop)
    frames += try telemetryFrames(from: client, count: 0)
    guard case .statsReport(let stats) = try client.request(.stats) else { throw DeviceError.unexpected("stats") }
    let span = Int(frames.last! &- frames.first!) + 1
    let received = frames.count
    print(
      "USB throughput at \(rate) Hz over 10 s emulated: frames sent \(span - Int(stats.streamDropped)),"
        + " received \(received), dropped \(stats.streamDropped) (bytes queued since boot \(stats.txBytes))")
    #expect(span >= rate * 10)
    #expect(received == span - Int(stats.streamDropped))
    #expect(stats.streamDropped == 0)
    try checkNoBulkInLateInAFrame(on: pico, atLeast: rate * 10)
  }

  /// RP2040-E15: no bulk IN buffer was armed in the last 200 µs of a USB frame (the
  /// emulated host would have hung the controller: `--e15 hang`). The host's frames
  /// slide past the device's timer, so without the start-of-frame clock about a fifth
  /// of the buffers would land there; with it they wait for the next frame's start,
  /// and the first 100 µs of the frame get their share on top of its own.
  func checkNoBulkInLateInAFrame(on pico: PicoEmulator, atLeast arms: Int) throws {
    let usb = try pico.usbState()
    let phases = try #require(usb["bulk_in_by_100us"] as? [Int])
    print("USB bulk IN buffers armed by 100 µs of the frame: \(phases)")
    #expect(usb["e15_hazards"] as? Int == 0 && usb["hung"] as? Bool == false)
    #expect(phases.reduce(0, +) >= arms)
    #expect(phases[8] == 0 && phases[9] == 0)
    #expect(phases[1...7].allSatisfy { $0 > 0 })  // every phase was visited
    #expect(phases[0] > 2 * phases[1...7].max()!)  // those deferred to the frame's start
  }

  /// `bootsel` while telemetry streams: the `ack` reaches the host, then the firmware
  /// calls the boot ROM's `reset_usb_boot(0, 0)` and the chip comes up in BOOTSEL
  /// mode, the boot ROM's own USB device (2E8A:0003 "RP2 Boot"), and the tty goes
  /// away. A reset brings the firmware back with the same serial number.
  @Test func bootselAnswersThenRebootsIntoTheBootROM() throws {
    let pico = try PicoEmulator(serial: .usb)
    let client = try pico.connect()
    #expect(client.info?.capabilities.contains(.bootloader) == true)
    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: true)))
    _ = try telemetryFrames(from: client, count: 20)
    #expect(try client.request(.bootsel) == .ack(Ack(.bootsel)))
    let call = try pico.resetUSBBootCall()
    #expect(call.gpioActivityMask == 0 && call.disableInterfaceMask == 0)
    #expect((0x1000_0000..<0x1020_0000).contains(call.caller))  // from the firmware, in flash
    let usb = try pico.usbState(once: PicoEmulator.inBootsel)
    let device = try #require(usb["device"] as? [String: Any])
    #expect(device["product_id"] as? Int == 0x0003)
    let strings = try #require(usb["strings"] as? [String: Any])
    #expect(strings["2"] as? String == "RP2 Boot")
    // The boot ROM's serial number is not the flash's unique ID (Docs/usb.md, Identity).
    #expect((strings["3"] as? String)?.count == 12 && strings["3"] as? String != PicoEmulator.flashUniqueID)
    #expect(throws: DeviceError.self) { try client.request(.stats) }  // the tty went away
    client.close()
    try pico.command("reset")
    let again = try pico.connect()
    defer { again.close() }
    #expect(again.info?.board.equals("pico") == true)
    #expect(((try pico.usbState())["strings"] as? [String: Any])?["4"] as? String == PicoEmulator.flashUniqueID)
  }

  /// The 1200-baud touch (`stty -F /dev/ttyACM0 1200`): the port opened, set to 1200
  /// baud and closed; the firmware calls `reset_usb_boot(0, 0)` with no request at all.
  @Test func the1200BaudTouchRebootsIntoTheBootROM() throws {
    let pico = try PicoEmulator(serial: .usb)
    let client = try pico.connect()
    #expect(client.info?.board.equals("pico") == true)
    try pico.command("touch 1200")
    try expectRebootIntoBootROM(pico)
    client.close()
  }

  /// The Pico SDK's reset interface, as picotool uses it: the host finds the interface
  /// by its class, subclass and protocol in the configuration it read, sends the
  /// vendor request, and the firmware calls the boot ROM's reset_usb_boot(0, 0).
  @Test func theResetInterfaceRebootsIntoTheBootROM() throws {
    let pico = try PicoEmulator(serial: .usb)
    let client = try pico.connect()
    #expect(client.info?.board.equals("pico") == true)
    #expect(try pico.usbState()["reset_interface"] as? Int == 3)
    try pico.command("reset-interface bootsel")
    try expectRebootIntoBootROM(pico)
    client.close()
  }

  /// The firmware called the boot ROM's `reset_usb_boot(0, 0)` with no request of its
  /// own, and the chip came up as the boot ROM's USB device (product 0003).
  func expectRebootIntoBootROM(_ pico: PicoEmulator) throws {
    let call = try pico.resetUSBBootCall()
    #expect(call.gpioActivityMask == 0 && call.disableInterfaceMask == 0)
    let usb = try pico.usbState(once: PicoEmulator.inBootsel)
    #expect(((usb["device"] as? [String: Any])?["product_id"] as? Int) == 0x0003)
  }

  /// The host suspends the bus in keyboard mode: the firmware sees SIE_STATUS.SUSPENDED
  /// and queues the all-released report, which is the first (and here the only)
  /// report the host takes once it resumes; nothing goes out while suspended.
  @Test func aSuspendIsAnsweredWithTheAllReleasedReport() throws {
    let pico = try PicoEmulator(serial: .usb)
    let client = try pico.connect()
    defer { client.close() }
    _ = try client.request(.paramSet(ParamValue(.hidMode, HIDMode.keyboard.rawValue)))
    let reports = { try (pico.usbState()["hid_reports"] as? [String]) ?? [] }
    try pico.waitEmulated(milliseconds: 50)
    let before = try reports()
    #expect(before.isEmpty, "reports at rest: \(before)")
    try pico.command("suspend")
    try pico.waitEmulated(milliseconds: 50)
    #expect(try reports() == before)
    try pico.command("resume")
    try pico.waitEmulated(milliseconds: 50)
    #expect(try reports() == before + ["0100"])
    #expect(client.info?.board.equals("pico") == true)  // the serial port is still there
    _ = try client.request(.paramGet(id: ParameterID.hidMode.rawValue))
  }

  /// `forcectl bootsel` (the product built beside the tests) sends the request, says
  /// so, and the firmware reboots into the boot ROM.
  @Test func forcectlBootselRebootsThePico() throws {
    let pico = try PicoEmulator(serial: .usb)
    let forcectl = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("forcectl")
    try #require(FileManager.default.isExecutableFile(atPath: forcectl.path), "forcectl is not built")
    let process = Process()
    process.executableURL = forcectl
    process.arguments = ["bootsel", "--port", pico.address]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(printed == "\(pico.address): rebooting into BOOTSEL mode; the RPI-RP2 drive appears in a few seconds\n")
    let call = try pico.resetUSBBootCall()
    #expect(call.gpioActivityMask == 0 && call.disableInterfaceMask == 0)
  }

  /// Frame numbers of the next `count` telemetry frames (count 0: whatever arrives in 0.2 s).
  func telemetryFrames(from client: DeviceClient, count: Int) throws -> [UInt16] {
    var frames: [UInt16] = []
    let deadline = Date().addingTimeInterval(60)
    repeat {
      for case .telemetry(let t) in try client.takeStreamed(waiting: .milliseconds(200)) { frames.append(t.frame) }
    } while frames.count < count && Date() < deadline
    try #require(frames.count >= count, "\(frames.count) of \(count) telemetry frames")
    return frames
  }
}

extension PicoEmulator {
  /// What the emulated USB host read from the device (the control command `usb`).
  func usbState() throws -> [String: Any] {
    let reply = try command("usb")
    return try #require(try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any])
  }

  /// The host has read the boot ROM's device descriptor (Raspberry Pi's vendor ID)
  /// and its strings: the product (2) and the serial number (3).
  static func inBootsel(_ usb: [String: Any]) -> Bool {
    let strings = usb["strings"] as? [String: Any]
    return (usb["device"] as? [String: Any])?["vendor_id"] as? Int == 0x2E8A && strings?["2"] is String
      && strings?["3"] is String
  }

  /// The host's view once `done` holds (within 60 s of wall time).
  func usbState(once done: ([String: Any]) -> Bool) throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(60)
    var state = try usbState()
    while !done(state) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
      state = try usbState()
    }
    try #require(done(state), "the USB host never saw it: \(state)")
    return state
  }

  /// Returns once the emulator's clock has run `milliseconds` past now (or after two
  /// minutes of wall time, whichever comes first).
  func waitEmulated(milliseconds: Double) throws {
    let end = try emulatedMilliseconds() + milliseconds
    let deadline = Date().addingTimeInterval(120)
    while try emulatedMilliseconds() < end, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
  }

  /// The emulated time since boot.
  func emulatedMilliseconds() throws -> Double {
    let stats = try JSONSerialization.jsonObject(with: Data(try command("stats").utf8)) as? [String: Any]
    return try #require(stats?["emulated_ms"] as? Double)
  }
}

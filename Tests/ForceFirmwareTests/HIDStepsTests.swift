import ForceEngine
import ForceFirmware
import ForceProtocol
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

/// The picker's steps as USB HID reports (`hid_mode`, Docs/usb.md), on a fake board
/// whose host polls the interface: every golden trace in every mode gives the reports
/// its `sim run` output implies, a host that stops polling gets the steps late and
/// none lost within the documented bound, and nothing stays pressed after a fault or
/// a reboot into the bootloader.
@Suite struct HIDStepsTests {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ForceEngineTests/Golden")
  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? []
    return files.filter { $0.hasSuffix(".in.csv") }.map { String($0.dropLast(".in.csv".count)) }.sorted()
  }()
  static let modes: [HIDMode] = [.off, .keyboard, .wheel, .consumer, .axis]

  /// The trace's parameters (its `.args`) with `assignments` on top.
  static func parameters(_ name: String, _ assignments: [(ParameterID, Int32)]) throws -> Parameters {
    let args = try String(contentsOf: golden.appendingPathComponent("\(name).args"), encoding: .utf8)
    var all = try args.split(whereSeparator: { $0 == " " || $0 == "\n" }).map {
      try ParameterText.assignment(String($0))
    }
    all += assignments
    return try ParameterText.applying(all, to: .defaults)
  }

  /// A firmware booted with `parameters` from its flash on a fake board with a HID
  /// interface, its host polling three times a frame.
  static func device(_ parameters: Parameters) throws -> FirmwareApp<FakeBoard> {
    var board = FakeBoard()
    board.hasHID = true
    board.cells = (0, 0)
    board.pollsPerFrame = 3
    _ = try ParameterStore.save(parameters, to: &board, after: ParameterStore.load(from: board))
    let app = FirmwareApp(board: board)
    #expect(app.parameters == parameters)
    return app
  }

  /// Plays `input` into the fake ADC, one frame per `pollsPerFrame` passes.
  static func play(_ input: [RawFrame], on app: inout FirmwareApp<FakeBoard>, polled: (Int) -> Bool = { _ in true }) {
    for (index, frame) in input.enumerated() {
      app.board.cells = (frame.left, frame.right)
      app.board.pulledCells = frame.pulled.map { ($0.left, $0.right) }
      app.board.hidPolled = polled(index)
      let frames = app.board.frames
      while app.board.frames == frames { app.poll() }
    }
    app.board.hidPolled = true
    app.board.cells = nil  // no more frames from the ADC: the reports left drain
    for _ in 0..<4096 { app.poll() }
  }

  @Test(arguments: HIDStepsTests.modes) func everyGoldenTraceGivesTheReportsItsOutputImplies(mode: HIDMode) throws {
    #expect(Self.names.count >= 12)
    for name in Self.names {
      let parameters = try Self.parameters(name, [(.hidMode, mode.rawValue)])
      var app = try Self.device(parameters)
      let input = try InputTrace.parse(
        String(contentsOf: Self.golden.appendingPathComponent("\(name).in.csv"), encoding: .utf8))
      Self.play(input, on: &app)
      let output = try String(contentsOf: Self.golden.appendingPathComponent("\(name).out.csv"), encoding: .utf8)
      let range = parameters[.rangeMin]...parameters[.rangeMax]
      let expected = HIDExpectation(outputCSV: output, range: range, wraps: parameters[.wrap] != 0)
      #expect(!expected.steps.isEmpty || name == "tap", "\(name): no steps to report")
      let problems = expected.problems(app.board.hidReports, mode: mode, keys: (0x52, 0x51, 0x28), range: range)
      #expect(problems.isEmpty, "\(name), \(mode.name): \(problems)")
    }
  }

  /// With the host's resolution multiplier on (8 units a detent), the wheel follows the
  /// position in eighths of an item, frame by frame, as `sim run`'s position column
  /// has it: smooth between the steps, and 8 units a step in all.
  @Test func aHighResolutionWheelFollowsThePosition() throws {
    for name in ["thumb-roll", "press-500", "boost-quick-release", "fault-open"] {
      let parameters = try Self.parameters(name, [(.hidMode, HIDMode.wheel.rawValue)])
      var app = try Self.device(parameters)
      app.board.wheelUnitsPerDetent = 8
      let input = try InputTrace.parse(
        String(contentsOf: Self.golden.appendingPathComponent("\(name).in.csv"), encoding: .utf8))
      Self.play(input, on: &app)
      let output = try String(contentsOf: Self.golden.appendingPathComponent("\(name).out.csv"), encoding: .utf8)
      let range = parameters[.rangeMin]...parameters[.rangeMax]
      let expected = HIDExpectation(outputCSV: output, range: range, wraps: false)
      let problems = expected.problems(
        app.board.hidReports, mode: .wheel, keys: (0, 0, 0), range: range, wheelUnitsPerDetent: 8)
      #expect(problems.isEmpty, "\(name): \(problems)")
      let units = app.board.hidReports.reduce(0) { if case .wheel(let n) = $1 { $0 + Int(n) } else { $0 } }
      #expect(units == expected.eighths.last! - expected.eighths.first!)
      #expect(
        app.board.hidReports.count > expected.steps.filter { $0 != 0 }.count, "\(name): no smoother than the steps")
    }
  }

  /// Other keys, and no key on a commit.
  @Test func theKeysAreParameters() throws {
    let assignments: [(ParameterID, Int32)] = [
      (.hidMode, 1), (.hidKeyUp, 0x4B), (.hidKeyDown, 0x4E), (.hidKeyCommit, 0),
    ]
    var app = try Self.device(try Self.parameters("thumb-roll", assignments))
    let input = try InputTrace.parse(
      String(contentsOf: Self.golden.appendingPathComponent("thumb-roll.in.csv"), encoding: .utf8))
    Self.play(input, on: &app)
    let output = try String(contentsOf: Self.golden.appendingPathComponent("thumb-roll.out.csv"), encoding: .utf8)
    let expected = HIDExpectation(outputCSV: output, range: 0...100, wraps: false)
    #expect(expected.steps.contains(0) && expected.steps.contains(1) && expected.steps.contains(-1))
    #expect(expected.problems(app.board.hidReports, mode: .keyboard, keys: (0x4B, 0x4E, 0), range: 0...100).isEmpty)
    #expect(!app.board.hidReports.contains(.key(0x28)))
  }

  /// A host that stops polling for a stretch of the trace gets every step afterwards,
  /// in order (fewer direction changes and commits than the ring holds in between).
  @Test(arguments: [HIDMode.keyboard, .wheel, .consumer]) func aHostThatStopsPollingGetsEveryStepLate(mode: HIDMode)
    throws
  {
    let parameters = try Self.parameters("thumb-roll", [(.hidMode, mode.rawValue)])
    var app = try Self.device(parameters)
    let input = try InputTrace.parse(
      String(contentsOf: Self.golden.appendingPathComponent("thumb-roll.in.csv"), encoding: .utf8))
    Self.play(input, on: &app) { $0 < input.count / 2 }
    let output = try String(contentsOf: Self.golden.appendingPathComponent("thumb-roll.out.csv"), encoding: .utf8)
    let expected = HIDExpectation(outputCSV: output, range: 0...100, wraps: false)
    #expect(expected.problems(app.board.hidReports, mode: mode, keys: (0x52, 0x51, 0x28), range: 0...100).isEmpty)
  }

  static func frame(value: Int32, events kinds: [EngineEvents.Kind] = [.value], faults: CellFaults? = nil)
    -> FrameOutput
  {
    var events = EngineEvents()
    for kind in kinds { events.mask |= kind.rawValue }
    return FrameOutput(
      force: 0, state: .idle, direction: .up, value: value, fraction: 0, events: events, faults: faults)
  }

  /// The bound: steps wait as runs and commits in 16 entries. A step joins the last
  /// run when it goes the same way; otherwise it needs an entry of its own, and is
  /// lost when all 16 are taken. The entries kept go out in order once the host polls.
  @Test func stepsBeyondTheRingAreLostAndTheRestArriveInOrder() throws {
    var steps = HIDSteps()
    var parameters = Parameters.defaults
    try parameters.set(.hidMode, to: HIDMode.keyboard.rawValue)
    steps.configure(parameters)
    steps.frame(Self.frame(value: 50, events: []))
    var value: Int32 = 50
    // 20 runs, alternating: 1 up, 2 down, 3 up, ... The ring is full after run 16
    // (down): runs 17 and 19 (up) are lost, runs 18 and 20 (down) join run 16.
    for run in 1...20 {
      for _ in 0..<run {
        value += run % 2 == 1 ? 1 : -1
        steps.frame(Self.frame(value: value))
      }
    }
    #expect(steps.lost == 17 + 19)
    var wanted: [HIDInput] = []
    for run in 1...15 { wanted += Array(repeating: .key(run % 2 == 1 ? 0x52 : 0x51), count: run) }
    wanted += Array(repeating: .key(0x51), count: 16 + 18 + 20)
    var board = FakeBoard()
    while !steps.idle { steps.pump(&board) }
    #expect(board.hidReports.filter { $0 != .key(0) } == wanted)
    #expect(board.hidReports.count == 2 * wanted.count)
  }

  /// The wheel reports of `values` shown one a frame after `start`, with `assignments`,
  /// the host polling only once all are recorded.
  static func wheelReports(_ assignments: [(ParameterID, Int32)], start: Int32, _ values: [Int32]) throws
    -> [HIDInput]
  {
    var steps = HIDSteps()
    var parameters = Parameters.defaults
    try parameters.set([(.hidMode, HIDMode.wheel.rawValue)] + assignments)
    steps.configure(parameters)
    steps.frame(Self.frame(value: start, events: []))
    for value in values { steps.frame(Self.frame(value: value)) }
    var board = FakeBoard()
    while !steps.idle { steps.pump(&board) }
    return board.hidReports
  }

  /// A run longer than a wheel report holds goes out in reports of at most 127 detents
  /// (the positional technique moves many items a frame).
  @Test func aLongRunOfWheelStepsIsSplitAt127() throws {
    let reports = try Self.wheelReports([(.rangeMax, 1000)], start: 0, [300, 290])
    #expect(reports == [.wheel(127), .wheel(127), .wheel(46), .wheel(-10)])
  }

  /// Between steps the position moves within an item: a wheel of whole detents has
  /// nothing to send then (a reboot need not wait for it); a high-resolution one has.
  @Test func onlyAHighResolutionWheelWaitsForThePositionWithinAnItem() throws {
    var parameters = Parameters.defaults
    try parameters.set(.hidMode, to: HIDMode.wheel.rawValue)
    for units: Int32 in [1, 8] {
      var steps = HIDSteps()
      steps.configure(parameters)
      var board = FakeBoard()
      board.wheelUnitsPerDetent = units
      steps.frame(Self.frame(value: 5, events: []), positionMilli: 5000)
      steps.pump(&board)
      steps.frame(Self.frame(value: 5, events: []), positionMilli: 5300)  // 2.4 eighths on
      #expect(steps.idle == (units == 1), "\(units) units a detent")
      steps.pump(&board)
      #expect(board.hidReports == (units == 1 ? [] : [.wheel(2)]))
      #expect(steps.idle)
    }
  }

  /// With wrap on, the move from range_max to range_min is one step up, and back one down.
  @Test func aWrapIsOneStep() throws {
    #expect(try Self.wheelReports([(.wrap, 1)], start: 99, [100, 0, 1, 0, 100]) == [.wheel(3), .wheel(-2)])
  }

  /// The axis spans the range exactly: range_min 0, range_max 32 767, by the documented formula in between.
  @Test func theAxisSpansTheRange() throws {
    for (low, high) in [(Int32(0), Int32(100)), (-30_000, 30_000), (5, 6), (-7, 1000)] {
      var steps = HIDSteps()
      var parameters = Parameters.defaults
      try parameters.set([(.hidMode, HIDMode.axis.rawValue), (.rangeMin, low), (.rangeMax, high), (.startValue, low)])
      steps.configure(parameters)
      var board = FakeBoard()
      for value in [low, high, low + (high - low) / 3, high] {
        steps.frame(Self.frame(value: value))
        while !steps.idle { steps.pump(&board) }
      }
      let wanted = [low, high, low + (high - low) / 3, high].map { HIDExpectation.axis($0, range: low...high) }
      #expect(board.hidReports == wanted.map { .axis($0) })
      #expect(wanted.first == 0 && wanted.last == 32767)
    }
  }

  /// A suspend of the bus queues the all-released report (keyboard and consumer
  /// modes), sent once the host polls again; the wheel has nothing to release.
  @Test(arguments: [(HIDMode.keyboard, HIDInput?.some(.key(0))), (.consumer, .some(.consumer(0))), (.wheel, nil)])
  func aSuspendQueuesTheAllReleasedReport(mode: HIDMode, release: HIDInput?) throws {
    var parameters = Parameters.defaults
    try parameters.set(.hidMode, to: mode.rawValue)
    var app = try Self.device(parameters)
    for _ in 0..<10 { app.poll() }
    #expect(app.board.hidReports.isEmpty)
    app.board.hidPolled = false
    app.board.hidSuspends += 1
    for _ in 0..<10 { app.poll() }
    #expect(app.board.hidReports.isEmpty)
    app.board.hidPolled = true
    for _ in 0..<10 { app.poll() }
    #expect(app.board.hidReports == (release.map { [$0] } ?? []))
  }

  /// A fault releases everything, even a key already released; a reboot into the
  /// bootloader sends the all-released report first, and waits at most 20 frames for
  /// a host that does not poll.
  @Test func aRebootReleasesEverythingFirstAndWaitsForNoHostForever() throws {
    var parameters = Parameters.defaults
    try parameters.set(.hidMode, to: HIDMode.keyboard.rawValue)
    var app = try Self.device(parameters)
    app.board.hasBootloader = true
    for _ in 0..<10 { app.poll() }
    #expect(app.board.hidReports.isEmpty)
    var device = FirmwareAppTests.Device(app: app)
    try device.send(.bootsel, seq: 1)
    _ = try device.run(passes: 10)
    #expect(device.app.board.reboots.count == 1)
    #expect(device.app.board.hidReports == [.key(0)])

    // Now a host that polls nothing: the reboot still comes, 20 frames later.
    app = try Self.device(parameters)
    app.board.hasBootloader = true
    app.board.hidPolled = false
    device = FirmwareAppTests.Device(app: app)
    try device.send(.bootsel, seq: 1)
    let frames = device.app.board.frames
    while device.app.board.reboots.isEmpty && device.app.board.frames < frames + 100 { device.app.poll() }
    #expect(device.app.board.reboots.count == 1)
    #expect((19...21).contains(device.app.board.frames - frames))
  }
}

extension HIDSteps {
  /// A frame whose position is its value exactly (no offset within the item).
  mutating func frame(_ output: FrameOutput) { frame(output, positionMilli: output.value * 1000) }
}

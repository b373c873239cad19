import ForceEngine
import ForceFirmware
import ForceProtocol
import ForceTestSupport
import Testing

/// The firmware's request handling on a fake board: what it answers, and when it
/// answers `busy`, drops, or counts.
@Suite struct FirmwareAppTests {
  /// A firmware on a fake board, with helpers to talk to it.
  struct Device {
    var app = FirmwareApp(board: FakeBoard())
    var decoder = FrameDecoder()

    mutating func send(_ message: Message, seq: UInt8) throws {
      var out = [UInt8](repeating: 0, count: FrameFormat.maxWireSize)
      let count = try out.withUnsafeMutableBytes { try FrameEncoder.encode(message, seq: seq, into: $0) }
      app.board.received += out[0..<count]
    }

    /// Polls until nothing is left to read (and `passes` more), then returns the frames sent.
    mutating func run(passes: Int = 4) throws -> [(seq: UInt8, message: Message)] {
      var idle = 0
      while idle < passes {
        if app.board.received.isEmpty { idle += 1 }
        app.poll()
      }
      var result: [(UInt8, Message)] = []
      for byte in app.board.sent {
        if let frame = decoder.feed(byte) { result.append((frame.seq, try Message.decode(frame))) }
      }
      app.board.sent.removeAll()
      return result
    }

    mutating func exchange(_ message: Message, seq: UInt8 = 1) throws -> [Message] {
      try send(message, seq: seq)
      return try run().map(\.message)
    }
  }

  /// `bootsel` on a board with a bootloader: `ack` first, streaming stopped, and the
  /// reboot only once the transmit queue and the port are empty (the all-quiet
  /// flush), so the last bytes sent are the `ack`.
  @Test func bootselAnswersThenRebootsOnceEverythingHasLeft() throws {
    var board = FakeBoard()
    board.hasBootloader = true
    board.cells = (0, 0)
    var device = Device(app: FirmwareApp(board: board))
    guard case .info(let info)? = try device.exchange(.hello(Hello())).first else { throw ProtocolError.badValue }
    #expect(info.capabilities.contains(.bootloader))
    _ = try device.exchange(.streamStart(StreamStart(decimation: 1, events: true)))
    device.app.board.transmitterReady = false  // the host is not reading
    try device.send(.bootsel, seq: 0x1B)
    _ = try device.run(passes: 10)
    #expect(device.app.board.reboots.isEmpty)  // the ack still waits in the queue
    device.app.board.transmitterReady = true
    device.app.board.serialBusy = true  // …then on the bus
    for _ in 0..<10 { device.app.poll() }
    #expect(device.app.board.reboots.isEmpty)
    device.app.board.serialBusy = false
    device.app.poll()
    #expect(device.app.board.reboots == [device.app.board.sent.count])
    let replies = try device.run()
    #expect(replies.last?.seq == 0x1B && replies.last?.message == .ack(Ack(.bootsel)))
    #expect(try device.run().isEmpty)  // streaming stopped with the ack: every frame since sent nothing
    #expect(device.app.board.reboots.count == 1)
  }

  /// The 1200-baud touch asks on the port itself: no request, no reply, a reboot.
  /// Without a bootloader, `bootsel` is refused as `unsupported` (bit 5) and nothing
  /// reboots (Protocol.md's "error-noBootloader").
  @Test func theTouchRebootsAndABoardWithoutABootloaderRefuses() throws {
    var board = FakeBoard()
    board.hasBootloader = true
    var device = Device(app: FirmwareApp(board: board))
    device.app.poll()
    #expect(device.app.board.reboots.isEmpty)
    device.app.board.bootloaderRequested = true
    device.app.poll()
    #expect(device.app.board.reboots == [0] && device.app.board.sent.isEmpty)

    var plain = Device()
    #expect(
      try plain.exchange(.bootsel, seq: 0x1B) == [.error(ErrorReply(requestType: .bootsel, missing: .bootloader))])
    #expect(plain.app.board.reboots.isEmpty)
    #expect(try plain.exchange(.stats).count == 1)  // carries on
    guard case .info(let info)? = try plain.exchange(.hello(Hello())).first else { throw ProtocolError.badValue }
    #expect(!info.capabilities.contains(.bootloader))
  }

  @Test func aRejectedSetReportsTheParameterAndValueSent() throws {
    var device = Device()
    let replies = try device.exchange(.paramSet(ParamValue(.restThreshold, 20)), seq: 5)
    // Protocol.md's "error-outOfRange" example.
    #expect(
      replies == [
        .error(ErrorReply(code: .outOfRange, requestType: 0x04, parameter: 4, detail: 2, value: 20))
      ])
  }

  @Test func aBatchReportsRangesBeforeRelations() throws {
    var device = Device()
    var batch = ParamBatch()
    batch.append(ParamValue(.restThreshold, 900))
    batch.append(ParamValue(.rangeMax, 40_000))
    #expect(
      try device.exchange(.paramSetBatch(batch))
        == [.error(ErrorReply(code: .outOfRange, requestType: 0x05, parameter: 16, detail: 0, value: 40_000))])
    var relation = ParamBatch()
    relation.append(ParamValue(.restThreshold, 900))
    #expect(
      try device.exchange(.paramSetBatch(relation))
        == [.error(ErrorReply(code: .outOfRange, requestType: 0x05, parameter: 4, detail: 3, value: 900))])
  }

  @Test func streamingIsRefusedWithoutASensor() throws {
    var device = Device()
    #expect(
      try device.exchange(.streamStart(StreamStart(decimation: 1, events: false)))
        == [.error(ErrorReply(code: .unsupported, requestType: 0x09, detail: 0x01))])
    #expect(try device.run(passes: 20).isEmpty)
  }

  /// A board without parameter flash answers save and load with `flash`, detail 3
  /// ("no parameter flash"), not `unsupported`; its capabilities lack bit 1, and bit 4
  /// (streaming is implemented) is set even where streaming needs the missing ADC
  /// (Protocol.md, "info" and "Errors").
  @Test func aBoardWithoutFlashOrSensorSaysWhichAndHow() throws {
    var board = FakeBoard()
    board.flashPages = 0
    var device = Device(app: FirmwareApp(board: board))
    for (request, type) in [(Message.paramSave, MessageType.paramSave), (.paramLoad, .paramLoad)] {
      #expect(
        try device.exchange(request)
          == [.error(ErrorReply(code: .flash, requestType: type.rawValue, detail: FlashFailure.unavailable.rawValue))])
    }
    guard case .info(let info) = try device.exchange(.hello(Hello())).last else {
      Issue.record("no info")
      return
    }
    #expect(!info.capabilities.contains(.flash) && !info.capabilities.contains(.adc))
    #expect(info.capabilities.contains(.streaming))
    #expect(info.parameterSource == .defaultsNoFlash)
  }

  /// The handshake carries the supply the board measured, and says when it is low.
  @Test func theHandshakeReportsTheMeasuredSupply() throws {
    for (millivolts, low) in [(0, false), (3_010, false), (2_500, false), (2_410, true)] as [(UInt16, Bool)] {
      var board = FakeBoard()
      board.supplyMillivolts = millivolts
      var device = Device(app: FirmwareApp(board: board))
      guard case .info(let info) = try device.exchange(.hello(Hello())).last else {
        Issue.record("no info")
        return
      }
      #expect(info.supplyMillivolts == millivolts && info.supplyIsLow == low)
    }
  }

  /// A bad reading refuses the whole request: no sample runs, the session is as before.
  @Test func injectOutsideASessionContinuesAndABadReadingChangesNothing() throws {
    var device = Device()
    var first = InjectRequest(resetFirst: true)
    for _ in 0..<8 { first.append(left: 300, right: 300) }
    let pressed = try device.exchange(.inject(first))
    guard case .injectResult(let last) = pressed.last else { throw ProtocolError.badValue }
    #expect(last.output.state != .idle)
    // A bad reading: refused, nothing runs.
    let bad: [UInt8] = [0x00, 0x2C, 0x01, 0x00, 0x04]  // left 300, right 1024
    var out = [UInt8](repeating: 0, count: FrameFormat.maxWireSize)
    let count = try out.withUnsafeMutableBytes { raw in
      try bad.withUnsafeBytes { try FrameEncoder.encode(type: 0x0B, seq: 7, body: $0, into: raw) }
    }
    device.app.board.received += out[0..<count]
    #expect(
      try device.run().map(\.message)
        == [.error(ErrorReply(code: .outOfRange, requestType: 0x0B, detail: 3, value: 1024))])
    // Without resetFirst the engine continues where it was: still pressed.
    var next = InjectRequest(endSession: true)
    next.append(left: 300, right: 300)
    guard case .injectResult(let continued) = try device.exchange(.inject(next)).first else {
      throw ProtocolError.badValue
    }
    #expect(continued.output.state == last.output.state && continued.output.value >= last.output.value)
  }

  /// With the transmitter stalled the queue fills: requests whose reply (a 46-byte
  /// description, up to 90 reserved) no longer fits get `busy`, and once not even that
  /// fits they are dropped; `stats` counts both, and the bytes.
  /// The LED image the firmware should show: the direction LED in column 0, and
  /// `(value − min) × 20 / (max − min)` LEDs of the bar, column by column from 1,
  /// each filled from the bottom row up.
  static func expectedLEDs(value: Int32, up: Bool, min: Int32, max: Int32) -> UInt32 {
    var image: UInt32 = up ? 1 : 1 << 20
    let lit = Int((value - min) * 20 / (max - min))
    for index in 0..<lit { image |= 1 << UInt32((4 - index % 5) * 5 + 1 + index / 5) }
    return image
  }

  @Test func theLEDsShowTheDirectionAndABarOfThePosition() throws {
    for start: Int32 in [0, 1, 4, 5, 6, 24, 25, 26, 50, 74, 75, 99, 100] {
      var device = Device()
      var batch = ParamBatch()
      batch.append(ParamValue(.startValue, start))
      _ = try device.exchange(.paramSetBatch(batch))
      var resting = InjectRequest(resetFirst: true)
      for _ in 0..<8 { resting.append(left: 60, right: 60) }  // touching, below rest: nothing moves
      guard case .injectResult(let result) = try device.exchange(.inject(resting)).last else {
        throw ProtocolError.badValue
      }
      #expect(result.output.state == .resting && result.output.value == start)
      let image = Self.expectedLEDs(value: start, up: true, min: 0, max: 100)
      #expect(device.app.board.ledImage == image, "start \(start)")
      // A new range redraws the bar though the value stands still.
      _ = try device.exchange(.paramSet(ParamValue(.rangeMax, 200)))
      var more = InjectRequest()
      more.append(left: 60, right: 60)
      _ = try device.exchange(.inject(more))
      #expect(device.app.board.ledImage == Self.expectedLEDs(value: start, up: true, min: 0, max: 200))
      // Lifted: dark.
      var lift = InjectRequest(endSession: true)
      for _ in 0..<8 { lift.append(left: 0, right: 0) }
      _ = try device.exchange(.inject(lift))
      #expect(device.app.board.ledImage == 0, "start \(start) after the lift")
    }
  }

  @Test func aFullTransmitQueueAnswersBusyThenDropsAndCountsBoth() throws {
    var device = Device()
    device.app.board.transmitterReady = false
    for index in 0..<200 { try device.send(.paramDescribe(id: 4), seq: UInt8(index)) }
    let sentBytes = device.app.board.received.count
    _ = try device.run()
    device.app.board.transmitterReady = true
    let replies = try device.run()
    let values = replies.filter { $0.message.type == .paramDescription }.count
    let busy = replies.filter { $0.message == .error(ErrorReply(code: .busy, requestType: 0x02)) }.count
    #expect(values > 0 && busy > 0 && values + busy < 200 && values + busy == replies.count)
    #expect(replies.map(\.seq) == (0..<replies.count).map { UInt8($0) })  // in order, the first ones
    #expect(values * 46 + busy * 14 <= 1024)  // everything queued fitted the 1 KB queue
    let stats = try device.exchange(.stats)
    guard case .statsReport(let report) = stats.first else { throw ProtocolError.badValue }
    #expect(report.busy == UInt32(busy) && report.dropped == UInt32(200 - values - busy))
    #expect(report.rxFrames == 201 && report.rxBytes == UInt32(sentBytes + 6))
    #expect(report.txBytes == UInt32(values * 46 + busy * 14))
  }

  /// A request that fails gets a 14-byte `error`, longer than the 11-byte `paramValue`
  /// it would get on success: with 11 to 13 bytes free it must be dropped and counted,
  /// not served with a reply that then does not fit; with 14 free it gets its error.
  @Test(arguments: [
    Message.paramGet(id: 0xEE), .paramSet(ParamValue(id: 0xEE, value: 1)), .paramSet(ParamValue(.sampleRateHz, 5)),
  ])
  func anErrorReplyIsSentOrTheRequestCountedWhateverRoomIsLeft(request: Message) throws {
    for free in 11...14 {
      var device = Device()
      device.app.board.transmitterReady = false
      // Fill the queue to leave exactly `free` bytes: `paramValue`s (11 bytes) and `ack`s (7).
      let fill = 1024 - free
      let values = try #require((0...(fill / 11)).first { (fill - 11 * $0) % 7 == 0 })
      var seq: UInt8 = 0
      for _ in 0..<values {
        try device.send(.paramGet(id: 0), seq: seq)
        seq &+= 1
      }
      for _ in 0..<(fill - 11 * values) / 7 {
        try device.send(.streamStop, seq: seq)
        seq &+= 1
      }
      try device.send(request, seq: seq)
      _ = try device.run()
      device.app.board.transmitterReady = true
      let replies = try device.run()
      let stats = try device.exchange(.stats, seq: seq &+ 1)
      guard case .statsReport(let report) = stats.first else { throw ProtocolError.badValue }
      let answered = replies.filter { $0.seq == seq }
      #expect(replies.count - answered.count == Int(seq), "\(free) free: every filler answered")
      if free < 14 {
        #expect(answered.isEmpty && report.dropped == 1 && report.busy == 0, "\(free) free: \(answered)")
      } else {
        #expect(answered.count == 1 && answered.first?.message.type == .error && report.dropped == 0, "\(free) free")
      }
    }
  }

  /// While a bench runs every other request gets `busy`; those busy replies leave room
  /// for the bench's result, so it is not lost when the host does not read meanwhile.
  @Test func busyRepliesDuringABenchLeaveRoomForItsResult() throws {
    var device = Device()
    device.app.board.transmitterReady = false
    try device.send(.bench(BenchRequest(frames: 20_000)), seq: 1)
    for index in 0..<100 { try device.send(.paramGet(id: 0), seq: UInt8(2 + index)) }
    _ = try device.run(passes: 2_000)
    device.app.board.transmitterReady = true
    let replies = try device.run()
    let busy = replies.filter { $0.message == .error(ErrorReply(code: .busy, requestType: 0x03)) }.count
    #expect(replies.last?.seq == 1 && replies.last?.message.type == .benchResult, "\(replies.count) replies")
    let stats = try device.exchange(.stats, seq: 200)
    guard case .statsReport(let report) = stats.first else { throw ProtocolError.badValue }
    #expect(busy > 0 && report.busy == UInt32(busy) && report.dropped == UInt32(100 - busy))
  }

  /// A bench runs in slices; requests meanwhile get `busy`; `hello` ends it with the
  /// partial result first, whose numbers obey their definitions.
  @Test func helloEndsABenchWithItsPartialResult() throws {
    var device = Device()
    try device.send(.bench(BenchRequest(frames: BenchRequest.maxFrames)), seq: 1)
    _ = try device.run(passes: 3)
    #expect(
      try device.exchange(.paramGet(id: 4), seq: 2) == [.error(ErrorReply(code: .busy, requestType: 0x03))])
    let replies = try device.exchange(.hello(Hello()), seq: 3)
    try #require(replies.count == 2)
    guard case .benchResult(let partial) = replies[0], case .info = replies[1] else {
      Issue.record("\(replies)")
      return
    }
    #expect(partial.frames > 0 && partial.frames < BenchRequest.maxFrames)
    #expect(partial.ticks >= partial.maxFrameTicks && partial.ticks >= partial.frames)
    #expect(try device.exchange(.paramGet(id: 4), seq: 4) == [.paramValue(ParamValue(id: 4, value: 205))])
  }

  @Test func oneFrameBenchTicksEqualItsSlowestFrame() throws {
    var device = Device()
    let replies = try device.exchange(.bench(BenchRequest(frames: 1)))
    guard case .benchResult(let result) = replies.first else { throw ProtocolError.badValue }
    #expect(result.frames == 1 && result.ticks == result.maxFrameTicks && result.ticks > 0)
  }

  /// The probe (Docs/sensor-faults.md): the firmware switches the pull-ups on for the
  /// frames the engine asks for, and off after them; those frames stream the readings
  /// before them, not the pulled ones; an engine restart (inject's reset flag) switches
  /// them off, so the fresh engine's first ADC frame is a plain one.
  @Test func theProbeFramesAreReadPulledAndShownPlain() throws {
    var device = Device()
    device.app.board.cells = (20, 22)
    device.app.board.pulledCells = (230, 232)
    try device.send(.streamStart(StreamStart(decimation: 1, events: false)), seq: 1)
    let telemetry = try device.run(passes: 200)
    let pulled = device.app.board.framesPulled.indices.filter { device.app.board.framesPulled[$0] }
    #expect(pulled.count >= 3 && zip(pulled, pulled.dropFirst()).allSatisfy { $1 - $0 >= 50 }, "\(pulled)")
    for item in telemetry {
      guard case .telemetry(let t) = item.message else { continue }
      #expect(t.left == 20 && t.right == 22, "frame \(t.frame) streamed \(t.left), \(t.right)")
    }
    while !device.app.engine.pullUpsNext { _ = try device.run(passes: 1) }
    #expect(device.app.board.pullUps)
    device.app.resetEngine()
    #expect(!device.app.board.pullUps)
  }

  /// Telemetry that does not fit is dropped and counted; the unsolicited seq has no gap
  /// and the frame number shows where frames are missing.
  @Test func droppedTelemetryKeepsSeqContinuousAndIsCounted() throws {
    var device = Device()
    device.app.board.cells = (100, 100)
    try device.send(.streamStart(StreamStart(decimation: 1, events: false)), seq: 1)
    var telemetry = try device.run(passes: 10)
    device.app.board.transmitterReady = false
    telemetry += try device.run(passes: 60)  // 60 frames into room for 22 telemetry frames
    device.app.board.transmitterReady = true
    telemetry += try device.run(passes: 20)
    _ = try device.exchange(.streamStop)
    let frames = telemetry.compactMap { item -> (seq: UInt8, frame: UInt16)? in
      guard case .telemetry(let t) = item.message else { return nil }
      return (item.seq, t.frame)
    }
    #expect(frames.first?.seq == 0)
    var jumps = 0
    for (a, b) in zip(frames, frames.dropFirst()) {
      #expect(b.seq == a.seq &+ 1)
      jumps += Int(b.frame &- a.frame) - 1
    }
    let stats = try device.exchange(.stats)
    guard case .statsReport(let report) = stats.first else { throw ProtocolError.badValue }
    #expect(report.streamDropped > 0 && jumps == Int(report.streamDropped))
  }
}

import ForceEngine
import ForceProtocol

/// The portable firmware: the engine, the parameters in flash and the wire protocol,
/// generic over the `Board` it runs on (the micro:bit, QEMU's micro:bit, or SITL).
///
/// One super-loop (`poll`): take received bytes and answer at most one request, run
/// one engine frame per frame-timer tick (ADC samples, or none when samples are
/// injected) and feed the watchdog, send events and telemetry, run one slice of a
/// `bench` in progress, hand queued bytes to the UART. Nothing in it waits, and
/// nothing else feeds the watchdog. Between passes `run` lets the board sleep until
/// there is work, and times the sleeps for the CPU duty (`DutyMeter`).
public struct FirmwareApp<B: Board> {
  /// Firmware version reported in the handshake (`ReleaseVersion`).
  public static var version: (major: UInt8, minor: UInt8, patch: UInt8) {
    (ReleaseVersion.major, ReleaseVersion.minor, ReleaseVersion.patch)
  }
  /// Watchdog timeout.
  public static var watchdogMs: UInt32 { 2000 }

  /// The hardware.
  public var board: B
  /// The parameters in effect.
  public internal(set) var parameters: Parameters
  /// What flash held at boot and after the last save or load.
  public internal(set) var stored: ParameterStore.Loaded

  /// Where the parameters came from, as `info` reports it: what flash held at boot,
  /// then at the last successful save (the newest record) or load (`stored`).
  public var parameterSource: ParameterSource {
    switch stored.source {
    case .flash: .flash
    case .olderRecord: .flashOlderRecord
    case .blank: board.flashPageCount >= 2 ? .defaultsBlankFlash : .defaultsNoFlash
    case .corrupt, .olderLayout: .defaultsCorruptFlash
    }
  }
  /// The engine.
  public internal(set) var engine: ForceEngine

  var decoder = FrameDecoder()
  var transmit = TransmitQueue()
  var telemetryDecimation: UInt16 = 0  // 0: off
  var telemetryCountdown: UInt16 = 0
  var eventsEnabled = false
  var frameNumber: UInt16 = 0
  var injecting = false
  /// Whether the cells' pull-ups are on (the probe frame, `ForceEngine.pullUpsNext`).
  var cellPullUps = false
  var streamSequence: UInt8 = 0  // seq of unsolicited frames queued; a gap means link losses
  var lastLEDImage: UInt32 = 0
  var lastLEDValue: Int32 = 0
  var lastLEDMode: UInt8 = 0  // 0 idle, 1 up, 2 down
  /// Received bytes and requests answered `busy` or dropped (the rest of `statsReport`
  /// comes from the decoder, the board and the transmit queue).
  var link = LinkStats()
  /// The `bench` in progress, if any.
  var bench: BenchRun
  /// The CPU's awake share, reported in `info` and `benchResult`.
  var duty = DutyMeter()
  /// Telemetry's position, without a division per frame.
  var positionScale = PositionScale()
  /// `bootsel` was answered: reboot into the bootloader once the reply has left.
  var bootloaderPending = false
  /// The value steps on their way to the USB HID interface (boards with one).
  var hid = B.StepQueue()
  /// Frames a reboot still waits for the HID reports to leave (a host that does not
  /// poll the interface must not keep the board from its bootloader); 0xFF: not begun.
  var hidRebootFrames: UInt8 = 0xFF

  /// Boots: loads the parameters from flash (defaults when blank or corrupt), starts
  /// the frame timer and the watchdog.
  public init(board: B) {
    self.init(unbooted: board)
    boot()
  }

  /// Defaults, nothing started: `boot()` does the rest in place. (A global built with
  /// `init(board:)` would hold the loaded parameters and the engine restarted under
  /// them as temporaries on the boot stack.)
  public init(unbooted board: B) {
    self.board = board
    parameters = Parameters()
    stored = ParameterStore.Loaded(source: .blank, sequence: 0, slot: nil)
    engine = ForceEngine(parameters: parameters)
    bench = BenchRun(engine: engine)
  }

  /// Loads the parameters from flash (defaults when blank or corrupt), restarts the
  /// engine under them, starts the frame timer and the watchdog.
  @inline(never)
  public mutating func boot() {
    stored = ParameterStore.load(from: board, into: &parameters)
    engine.reset(parameters: parameters)
    if board.hasHID { configureHID() }
    board.startFrameTimer(hz: UInt32(parameters.sampleRateHz))
    board.startWatchdog(timeoutMs: FirmwareApp.watchdogMs)
  }

  /// Runs forever: polls, then sleeps until there is work (unless a bench is running).
  public mutating func run() -> Never {
    while true {
      poll()
      if !bench.running { sleep() }
    }
  }

  /// Sleeps until the board has work, and counts the time asleep for `cpuDuty`: only
  /// the sleep itself, so the board's work before it and the interrupt handlers after
  /// the wake-up count as awake.
  mutating func sleep() {
    guard let slept = board.sleepUntilWork(transmitting: transmit.free < TransmitQueue.capacity) else { return }
    duty.slept(from: slept.from, to: slept.to, window: board.tickHz)
  }

  /// One pass of the super-loop.
  public mutating func poll() {
    while let byte = board.serialRead() {
      link.rxBytes &+= 1
      if decoder.receive(byte) {
        accept()
        break  // one request a pass: the frame loop runs between requests
      }
    }
    transmit.pump(&board)
    if board.frameDue() {
      board.feedWatchdog()
      if board.hasHID && hidRebootFrames != 0xFF && hidRebootFrames > 0 { hidRebootFrames &-= 1 }
      if board.hasADC && !injecting {
        let cells = board.readCells()
        let output = engine.step(left: cells.left, right: cells.right)
        // A probe frame (read with the pull-ups on) shows the readings it went on with.
        let shown = cellPullUps ? engine.lastGoodReadings : cells
        stream(left: shown.left, right: shown.right, output: output)
        if engine.pullUpsNext != cellPullUps {
          cellPullUps.toggle()
          board.setCellPullUps(cellPullUps)
        }
      }
      board.refreshLEDs()
    }
    if bench.running { benchSlice() }
    transmit.pump(&board)
    if board.hasHID { hid.pump(&board) }
    // `hasBootloader` first: a board without one (a constant false) has none of this.
    if board.hasBootloader && (bootloaderPending || board.bootloaderRequested) { rebootWhenQuiet() }
  }

  /// Reboots into the bootloader once everything queued has left the serial port (an
  /// all-quiet flush: `bootsel`'s `ack` reaches the host first) and the HID interface
  /// has sent its all-released report (for at most 20 frames); until then the loop
  /// runs on, streaming stopped.
  @inline(never)
  mutating func rebootWhenQuiet() {
    telemetryDecimation = 0
    eventsEnabled = false
    if board.hasHID {
      if hidRebootFrames == 0xFF {
        hid.releaseAll()
        hidRebootFrames = 20
      }
      if !hid.idle && hidRebootFrames > 0 { return }
    }
    guard transmit.free == TransmitQueue.capacity, board.serialIdle else { return }
    board.rebootToBootloader()
    bootloaderPending = false  // a fake board comes back here: carry on
    hidRebootFrames = 0xFF
  }

  /// Serves the frame just received (in the decoder's buffer) when its longest reply
  /// (success or `error`, `MessageType.replyRoom`) fits in the transmit queue and no
  /// bench is running (`hello` always, ending the bench); otherwise answers `busy`, or
  /// drops it and counts it when not even that fits. While a bench runs, `busy` leaves
  /// room for the bench's own result. So every request gets exactly one reply or is
  /// counted in `stats.dropped`.
  mutating func accept() {
    let type = MessageType(rawValue: decoder.frameType)
    let room = type?.replyRoom(bodyLength: decoder.frameBodyCount) ?? MessageType.errorRoom
    if transmit.free >= room && (!bench.running || type == .hello) {
      handle()
    } else if transmit.free >= busyRoom {
      replyBusy(type: decoder.frameType, seq: decoder.frameSeq)
    } else {
      link.dropped &+= 1
    }
  }

  /// Room `busy` needs: its `error`, and while a bench runs the bench's result too.
  var busyRoom: Int {
    bench.running ? MessageType.errorRoom &+ MessageType.bench.replyRoom(bodyLength: 4) : MessageType.errorRoom
  }

  /// Answers `busy` (kept out of `accept`, whose frame is on the deepest stack path).
  @inline(never)
  mutating func replyBusy(type: UInt8, seq: UInt8) {
    link.busy &+= 1
    send(ErrorReply(code: .busy, requestType: type), seq: seq)
  }

  /// Runs one slice of the bench in progress; replies when it is finished.
  mutating func benchSlice() {
    guard bench.running else { return }
    bench.slice(on: &board)
    if bench.finished { endBench() }
  }

  /// Sends the bench's result (the frames run so far) and forgets the run.
  mutating func endBench() {
    guard bench.running else { return }
    bench.stop()
    let result = bench.result(tickHz: board.tickHz, stackHighWater: board.stackHighWater, cpuDuty: duty.duty)
    send(result, seq: bench.seq)
  }

  /// The link counters now.
  var linkStats: LinkStats {
    var stats = LinkStats(rxBytes: link.rxBytes, decoder: decoder.statistics)
    stats.uartErrors = board.serialErrors
    stats.busy = link.busy
    stats.dropped = link.dropped
    stats.txBytes = transmit.queued
    stats.streamDropped = transmit.dropped
    return stats
  }

  /// Sends telemetry (every `decimation`th frame) and events for one engine frame.
  /// `seq` advances only for frames queued: a frame dropped for lack of room shows
  /// as a jump of the frame number, and in `statsReport.streamDropped`.
  mutating func stream(left: UInt16, right: UInt16, output: FrameOutput) {
    frameNumber &+= 1
    if board.hasHID { hidFrame(output) }
    if eventsEnabled && !output.events.isEmpty {
      let event = EventReport(frame: frameNumber, events: output.events)
      if send(event, seq: streamSequence, streamed: true) { streamSequence &+= 1 }
    }
    if telemetryDecimation != 0 {
      telemetryCountdown &-= 1
      if telemetryCountdown == 0 {
        telemetryCountdown = telemetryDecimation
        let telemetry = Telemetry(
          frame: frameNumber, left: left, right: right, output: output,
          positionMilli: positionScale.positionMilli(of: output, unitsPerItem: engine.unitsPerItem))
        if send(telemetry, seq: streamSequence, streamed: true) { streamSequence &+= 1 }
      }
    }
    showOnLEDs(output)
  }

  /// Encodes one message straight into the transmit queue.
  @discardableResult
  mutating func send<M: DeviceMessage>(_ message: M, seq: UInt8, streamed: Bool = false) -> Bool {
    transmit.send(message, seq: seq, streamed: streamed)
  }

  /// Records a frame's steps for the HID interface (with its position for the wheel).
  mutating func hidFrame(_ output: FrameOutput) {
    let milli = hid.wantsPosition ? positionScale.positionMilli(of: output, unitsPerItem: engine.unitsPerItem) : 0
    hid.frame(output, positionMilli: milli)
  }

  /// Hands the parameters to the HID steps, in a frame of its own: the copy of the
  /// parameters the call makes is not kept on `boot`'s frame, the deepest path.
  @inline(never)
  mutating func configureHID() { hid.configure(parameters) }

  /// Applies the parameters to the engine; restarts the frame timer when the sample
  /// rate changed from `oldRate`.
  mutating func parametersChanged(oldRate: Int32) {
    engine.apply(parameters)
    if board.hasHID { configureHID() }
    lastLEDMode = 0xFF  // the range may have changed: the next frame redraws the bar
    if oldRate != parameters.sampleRateHz {
      board.startFrameTimer(hz: UInt32(parameters.sampleRateHz))
    }
  }
}

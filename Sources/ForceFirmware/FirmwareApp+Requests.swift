import ForceEngine
import ForceProtocol

extension FirmwareApp {
  /// Answers the request in the decoder's buffer, reading its body in place. Every
  /// request gets exactly one reply (injection: one per sample); a request that does
  /// not decode gets the error reply `Message.decodeRequest` implies.
  mutating func handle() {
    let type = decoder.frameType
    let seq = decoder.frameSeq
    let body = RequestBody(decoder.frameBody())
    do throws(ProtocolError) {
      guard let request = MessageType(rawValue: type), request.isRequest else { throw .unknownType(type) }
      try serve(request, body, seq: seq)
    } catch {
      send(ErrorReply(requestType: type, decodeError: error), seq: seq)
    }
  }

  /// Decodes the arguments of `request` (throwing only for a body that does not
  /// decode) and carries it out.
  /// The requests that copy the parameters (get, defaults, bench) do it in their own
  /// functions, out of this frame, which every request path holds.
  mutating func serve(_ request: MessageType, _ body: RequestBody, seq: UInt8) throws(ProtocolError) {
    switch request {
    case .hello:
      _ = try body.hello()
      // A new session starts from a known state: no bench, no streaming, no injection.
      startSession(seq: seq)
    case .paramDescribe, .paramGet:
      answer(try body.parameter(), describing: request == .paramDescribe, seq: seq)
    case .paramSet:
      set(try body.paramSet(), seq: seq)
    case .paramSetBatch:
      try body.checkBatch()
      setBatch(body, seq: seq)
    case .paramSave:
      try body.empty()
      save(seq: seq)
    case .paramLoad:
      try body.empty()
      load(seq: seq)
    case .paramDefaults:
      try body.empty()
      restoreDefaults(seq: seq)
    case .streamStart:
      let start = try body.streamStart()
      guard board.hasADC else {
        send(ErrorReply(requestType: .streamStart, missing: .adc), seq: seq)
        return
      }
      telemetryDecimation = start.decimation
      telemetryCountdown = start.decimation
      eventsEnabled = start.events
      streamSequence = 0
      send(Ack(.streamStart), seq: seq)
    case .streamStop:
      try body.empty()
      telemetryDecimation = 0
      eventsEnabled = false
      send(Ack(.streamStop), seq: seq)
    case .inject:
      let (flags, count) = try body.checkInject()
      // The restart runs here, not under `inject`'s frame: it is the deepest path.
      if flags & 1 != 0 { resetEngine() }
      inject(body, flags: flags, count: count, seq: seq)
    case .bench:
      startBench(seq: seq, frames: try body.bench().frames)
    case .stats:
      try body.empty()
      sendStats(seq: seq)
    case .bootsel:
      try body.empty()
      guard board.hasBootloader else {
        send(ErrorReply(requestType: .bootsel, missing: .bootloader), seq: seq)
        return
      }
      send(Ack(.bootsel), seq: seq)
      telemetryDecimation = 0  // the ack is the last frame sent
      eventsEnabled = false
      bootloaderPending = true
    default:
      throw .unknownType(request.rawValue)
    }
  }

  /// Ends a bench, streaming and injection and answers `info` (its own function: the
  /// reply's stack stays out of `serve`).
  @inline(never)
  mutating func startSession(seq: UInt8) {
    endBench()
    telemetryDecimation = 0
    eventsEnabled = false
    injecting = false
    send(deviceInfo, seq: seq)
  }

  /// `paramSet` of a decoded pair: validated against the other parameters.
  @inline(never)
  mutating func set(_ pair: ParamValue, seq: UInt8) {
    let rate = parameters.sampleRateHz
    do throws(ParameterError) {
      try parameters.set(pair.parameter!, to: pair.value)
      parametersChanged(oldRate: rate)
      send(pair, seq: seq)
    } catch {
      send(ErrorReply(rejecting: pair, because: error), seq: seq)
    }
  }

  /// `paramSetBatch` of a checked body, read in place: all or nothing.
  @inline(never)
  mutating func setBatch(_ body: RequestBody, seq: UInt8) {
    let rate = parameters.sampleRateHz
    do throws(ParameterError) {
      try parameters.set(body.batchPairs)
      parametersChanged(oldRate: rate)
      send(Ack(.paramSetBatch), seq: seq)
    } catch {
      send(ErrorReply(requestType: .paramSetBatch, rejected: error), seq: seq)
    }
  }

  /// Restarts the engine at power-up state with the current parameters, in place
  /// (`inject`'s reset flag; SITL's `--restart-each-pass` between passes of its trace).
  @inline(never)
  public mutating func resetEngine() {
    engine.reset(parameters: parameters)
    if board.hasHID { hid.restart() }
    releasePullUps()
  }

  /// Switches the cells' pull-ups off if a probe left them on: a restarted engine, or
  /// one stepped by `inject`, expects its next ADC frame to be a plain one.
  mutating func releasePullUps() {
    guard cellPullUps else { return }
    cellPullUps = false
    board.setCellPullUps(false)
  }

  /// `paramDefaults`: every parameter back to its default, applied live.
  @inline(never)
  mutating func restoreDefaults(seq: UInt8) {
    let rate = parameters.sampleRateHz
    setDefaults()
    parametersChanged(oldRate: rate)
    send(Ack(.paramDefaults), seq: seq)
  }

  /// The defaults, built in a frame of their own that is gone before the engine
  /// derives its constants from them.
  @inline(never)
  mutating func setDefaults() {
    parameters = Parameters()
  }

  /// `bench`: runs in slices from `poll`; `benchSlice` replies when it is done.
  @inline(never)
  mutating func startBench(seq: UInt8, frames: UInt32) {
    bench.start(seq: seq, frames: frames, parameters: parameters, board: &board)
  }

  /// `paramDescribe` and `paramGet`, in one function: two of the same shape would be
  /// merged by the optimiser into one called through a function pointer, which the
  /// static stack analysis cannot follow.
  @inline(never)
  mutating func answer(_ parameter: ParameterID, describing: Bool, seq: UInt8) {
    let value = parameters[parameter]
    if describing {
      send(TableDescription(parameter, value: value), seq: seq)
    } else {
      send(ParamValue(parameter, value), seq: seq)
    }
  }

  @inline(never)
  mutating func sendStats(seq: UInt8) {
    send(linkStats, seq: seq)
  }

  /// The handshake reply.
  var deviceInfo: DeviceInfo {
    var capabilities: Capabilities = [.injection, .bench, .streaming]
    if board.hasADC { capabilities.insert(.adc) }
    if board.flashPageCount >= 2 { capabilities.insert(.flash) }
    if board.hasBootloader { capabilities.insert(.bootloader) }
    let version = FirmwareApp.version
    return DeviceInfo(
      firmwareMajor: version.major, firmwareMinor: version.minor, firmwarePatch: version.patch,
      resetReason: board.resetReason.rawValue, capabilities: capabilities,
      parameterSource: parameterSource, board: ShortText(board.name), stackHighWater: board.stackHighWater,
      cpuDuty: duty.duty, supplyMillivolts: board.supplyMillivolts, bootFaults: board.bootFaults,
      chipRevision: board.chipRevision)
  }

  /// Runs the `count` injected samples of `body` (checked) through the engine in
  /// place of the ADC, one reply each. Flag bit 0 (`resetFirst`) restarts the engine
  /// at power-up state first (`serve` does it, before this frame exists). Any
  /// `inject` starts (or continues) an injection session: the ADC, telemetry and
  /// events pause until bit 1 (`endSession`) or `hello`, and the telemetry frame
  /// number stands still meanwhile.
  mutating func inject(_ body: RequestBody, flags: UInt8, count: Int, seq: UInt8) {
    injecting = true
    releasePullUps()
    for index in 0..<count {
      let sample = body.sample(index)
      let output = engine.step(left: sample.left, right: sample.right)
      if board.hasHID { hidFrame(output) }
      send(InjectResult(index: UInt8(index), output: output, unitsPerItem: engine.unitsPerItem), seq: seq)
      showOnLEDs(output)
    }
    if flags & 2 != 0 { injecting = false }
  }

  mutating func save(seq: UInt8) {
    guard board.flashPageCount >= 2 else {
      send(ErrorReply(requestType: .paramSave, flash: .unavailable), seq: seq)
      return
    }
    do throws(ParameterStore.SaveError) {
      stored = try ParameterStore.save(&parameters, to: &board, after: stored)
      send(Ack(.paramSave), seq: seq)
    } catch {
      send(ErrorReply(requestType: .paramSave, flash: .writeFailed), seq: seq)
    }
  }

  mutating func load(seq: UInt8) {
    guard board.flashPageCount >= 2 else {
      send(ErrorReply(requestType: .paramLoad, flash: .unavailable), seq: seq)
      return
    }
    let rate = parameters.sampleRateHz
    let loaded = ParameterStore.load(from: board, into: &parameters)
    switch loaded.source {
    case .flash, .olderRecord:
      stored = loaded
      parametersChanged(oldRate: rate)
      send(ParamLoaded(source: loaded.source == .flash ? .flash : .flashOlderRecord), seq: seq)
    case .blank:
      send(ErrorReply(requestType: .paramLoad, flash: .blank), seq: seq)
    case .corrupt, .olderLayout:
      send(ErrorReply(requestType: .paramLoad, flash: .corrupt), seq: seq)
    }
  }

  /// The 5×5 LEDs while picking: column 0 shows the direction (top LED up, bottom
  /// LED down), columns 1–4 a bar of the position in the range, filled bottom-up.
  /// Worked out only when the value, direction or touch changes (the bar's share of
  /// the range takes a division), redrawn only when the image changes.
  mutating func showOnLEDs(_ output: FrameOutput) {
    let mode: UInt8 = output.state == .idle ? 0 : (output.direction == .up ? 1 : 2)
    guard mode != lastLEDMode || output.value != lastLEDValue else { return }
    lastLEDMode = mode
    lastLEDValue = output.value
    var image: UInt32 = 0
    if mode != 0 {
      image = mode == 1 ? 1 : 1 << 20  // (row 0, col 0) or (row 4, col 0)
      let low = parameters[.rangeMin]
      let span = parameters[.rangeMax] &- low
      var lit = span > 0 ? (output.value &- low) &* 20 / span : 0
      if lit > 20 { lit = 20 }
      var column: UInt32 = 1
      while lit >= 5 {  // whole columns
        image |= FirmwareApp.ledColumn0 << column
        lit &-= 5
        column &+= 1
      }
      if lit > 0 {  // the bottom `lit` rows of the next column
        let above = UInt32(5 &* (5 &- lit))  // the bits of the rows above them
        image |= ((FirmwareApp.ledColumn0 >> above) << above) << column
      }
    }
    if image != lastLEDImage {
      lastLEDImage = image
      board.showLEDs(image)
    }
  }

  /// Every LED of column 0 of the image.
  static var ledColumn0: UInt32 { 1 | 1 << 5 | 1 << 10 | 1 << 15 | 1 << 20 }
}

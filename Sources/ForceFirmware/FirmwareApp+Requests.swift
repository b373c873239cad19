import ForceEngine
import ForceProtocol

extension FirmwareApp {
  /// Answers one received frame. Every request gets exactly one reply (injection:
  /// one per sample); a frame that does not decode gets an error reply.
  mutating func handle(_ frame: DecodedFrame) {
    let message: Message
    do throws(ProtocolError) {
      message = try Message.decodeRequest(frame)
    } catch {
      send(.error(ErrorReply(rejecting: frame, because: error)), seq: frame.seq)
      return
    }
    let seq = frame.seq
    switch message {
    case .hello:
      // A new session starts from a known state: no bench, no streaming, no injection.
      endBench()
      telemetryDecimation = 0
      eventsEnabled = false
      injecting = false
      send(.info(deviceInfo), seq: seq)
    case .paramDescribe(let id):
      let parameter = ParameterID(rawValue: id)!  // decodeRequest checked the id
      send(.paramDescription(ParamDescription(parameter, value: parameters[parameter])), seq: seq)
    case .paramGet(let id):
      send(.paramValue(ParamValue(id: id, value: parameters[ParameterID(rawValue: id)!])), seq: seq)
    case .paramSet(let pair):
      let old = parameters
      do throws(ParameterError) {
        try parameters.set(ParameterID(rawValue: pair.id)!, to: pair.value)
        parametersChanged(from: old)
        send(.paramValue(pair), seq: seq)
      } catch {
        send(.error(ErrorReply(rejecting: pair, because: error)), seq: seq)
      }
    case .paramSetBatch(let batch):
      let old = parameters
      do throws(ParameterError) {
        try batch.apply(to: &parameters)
        parametersChanged(from: old)
        send(.ack(Ack(.paramSetBatch)), seq: seq)
      } catch {
        send(.error(ErrorReply(requestType: .paramSetBatch, rejected: error)), seq: seq)
      }
    case .paramSave:
      save(seq: seq)
    case .paramLoad:
      load(seq: seq)
    case .paramDefaults:
      let old = parameters
      parameters = .defaults
      parametersChanged(from: old)
      send(.ack(Ack(.paramDefaults)), seq: seq)
    case .streamStart(let start):
      guard board.hasADC else {
        send(.error(ErrorReply(requestType: .streamStart, missing: .adc)), seq: seq)
        return
      }
      telemetryDecimation = start.decimation
      telemetryCountdown = start.decimation
      eventsEnabled = start.events
      streamSequence = 0
      send(.ack(Ack(.streamStart)), seq: seq)
    case .streamStop:
      telemetryDecimation = 0
      eventsEnabled = false
      send(.ack(Ack(.streamStop)), seq: seq)
    case .inject(let request):
      inject(request, seq: seq)
    case .bench(let request):
      // Runs in slices from `poll`; `benchSlice` replies when it is done.
      bench = BenchRun(seq: seq, frames: request.frames, parameters: parameters, board: &board)
    case .stats:
      send(.statsReport(linkStats), seq: seq)
    default:
      send(.error(ErrorReply.unrecognised(frame)), seq: seq)
    }
  }

  /// The handshake reply.
  var deviceInfo: DeviceInfo {
    var capabilities: Capabilities = [.injection, .bench, .streaming]
    if board.hasADC { capabilities.insert(.adc) }
    if board.flashPageCount >= 2 { capabilities.insert(.flash) }
    let version = FirmwareApp.version
    return DeviceInfo(
      firmwareMajor: version.major, firmwareMinor: version.minor, firmwarePatch: version.patch,
      resetReason: board.resetReason.rawValue, capabilities: capabilities,
      parameterSource: bootSource, board: ShortText(board.name))
  }

  /// Runs injected samples through the engine in place of the ADC, one reply each.
  /// `resetFirst` restarts the engine at power-up state. Any `inject` starts (or
  /// continues) an injection session: the ADC, telemetry and events pause until
  /// `endSession` or `hello`, and the telemetry frame number stands still meanwhile.
  mutating func inject(_ request: InjectRequest, seq: UInt8) {
    if request.resetFirst { engine = ForceEngine(parameters: parameters) }
    injecting = true
    for index in 0..<request.count {
      let sample = request[index]
      let output = engine.step(left: sample.left, right: sample.right)
      send(.injectResult(InjectResult(index: UInt8(index), output: output)), seq: seq)
      showOnLEDs(output)
    }
    if request.endSession { injecting = false }
  }

  mutating func save(seq: UInt8) {
    guard board.flashPageCount >= 2 else {
      send(.error(ErrorReply(requestType: .paramSave, flash: .unavailable)), seq: seq)
      return
    }
    do throws(ParameterStore.SaveError) {
      stored = try ParameterStore.save(parameters, to: &board, after: stored)
      send(.ack(Ack(.paramSave)), seq: seq)
    } catch {
      send(.error(ErrorReply(requestType: .paramSave, flash: .writeFailed)), seq: seq)
    }
  }

  mutating func load(seq: UInt8) {
    guard board.flashPageCount >= 2 else {
      send(.error(ErrorReply(requestType: .paramLoad, flash: .unavailable)), seq: seq)
      return
    }
    let loaded = ParameterStore.load(from: board)
    switch loaded.source {
    case .flash, .olderRecord:
      let old = parameters
      stored = loaded
      parameters = loaded.parameters
      parametersChanged(from: old)
      send(.paramLoaded(ParamLoaded(source: loaded.source == .flash ? .flash : .flashOlderRecord)), seq: seq)
    case .blank:
      send(.error(ErrorReply(requestType: .paramLoad, flash: .blank)), seq: seq)
    case .corrupt, .olderLayout:
      send(.error(ErrorReply(requestType: .paramLoad, flash: .corrupt)), seq: seq)
    }
  }

  /// The 5×5 LEDs while picking: column 0 shows the direction (top LED up, bottom
  /// LED down), columns 1–4 a bar of the position in the range, filled bottom-up.
  /// Redrawn only when the value, direction or touch changes.
  mutating func showOnLEDs(_ output: FrameOutput) {
    var image: UInt32 = 0
    if output.state != .idle {
      image |= output.direction == .up ? 1 : 1 << 20  // (row 0, col 0) or (row 4, col 0)
      let range = engine.config.range
      let span = Int(range.max) - Int(range.min)
      let lit = span > 0 ? (Int(output.value) - Int(range.min)) * 20 / span : 0
      for index in 0..<lit {
        let column = 1 + index / 5
        let row = 4 - index % 5
        image |= 1 << UInt32(row * 5 + column)
      }
    }
    if image != lastLEDImage {
      lastLEDImage = image
      board.showLEDs(image)
    }
  }
}

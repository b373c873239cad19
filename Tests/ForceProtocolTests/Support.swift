import ForceEngine
import ForceProtocol
import ForceTrace

/// Encodes `message` into a fresh array (tests only: the module itself never allocates).
func wire(_ message: Message, seq: UInt8) throws -> [UInt8] {
  var out = [UInt8](repeating: 0xEE, count: FrameFormat.maxWireSize)
  let count = try out.withUnsafeMutableBytes { buffer in
    try FrameEncoder.encode(message, seq: seq, into: buffer)
  }
  return Array(out[0..<count])
}

/// Encodes a raw frame into a fresh array.
func wire(type: UInt8, seq: UInt8, body: [UInt8]) throws -> [UInt8] {
  var out = [UInt8](repeating: 0xEE, count: FrameFormat.maxWireSize)
  let count = try body.withUnsafeBytes { bodyBytes in
    try out.withUnsafeMutableBytes { buffer in
      try FrameEncoder.encode(type: type, seq: seq, body: bodyBytes, into: buffer)
    }
  }
  return Array(out[0..<count])
}

/// Feeds `bytes` to `decoder` and returns every frame delivered.
func frames(_ bytes: [UInt8], decoder: inout FrameDecoder) -> [DecodedFrame] {
  var result: [DecodedFrame] = []
  for byte in bytes {
    if let frame = decoder.feed(byte) { result.append(frame) }
  }
  return result
}

/// Feeds `bytes` to a fresh decoder.
func frames(_ bytes: [UInt8]) -> [DecodedFrame] {
  var decoder = FrameDecoder()
  return frames(bytes, decoder: &decoder)
}

extension DecodedFrame {
  /// The body as an array.
  var body: [UInt8] { withBody { Array($0) } }
}

/// Space-separated lower-case hex.
func hex(_ bytes: [UInt8]) -> String {
  bytes.map { byte in
    let digits = String(byte, radix: 16)
    return digits.count == 1 ? "0" + digits : digits
  }.joined(separator: " ")
}

/// Parses space-separated hex bytes; nil if any token is not a byte.
func parseHex(_ line: Substring) -> [UInt8]? {
  let tokens = line.split(separator: " ")
  guard !tokens.isEmpty else { return nil }
  var bytes: [UInt8] = []
  for token in tokens {
    guard token.count == 2, let byte = UInt8(token, radix: 16) else { return nil }
    bytes.append(byte)
  }
  return bytes
}

extension SplitMix64 {
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
  mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}

/// Reference COBS encoder (straight from the paper), for checking the module's.
func referenceCOBS(_ data: [UInt8]) -> [UInt8] {
  var out: [UInt8] = [0]
  var codeIndex = 0
  var code: UInt8 = 1
  for byte in data {
    if byte == 0 {
      out[codeIndex] = code
      codeIndex = out.count
      out.append(0)
      code = 1
    } else {
      out.append(byte)
      code += 1
      if code == 0xFF {
        out[codeIndex] = code
        codeIndex = out.count
        out.append(0)
        code = 1
      }
    }
  }
  out[codeIndex] = code
  return out
}

/// Reference CRC-16/CCITT-FALSE.
func referenceCRC(_ data: [UInt8]) -> UInt16 {
  var crc: UInt16 = 0xFFFF
  for byte in data {
    crc ^= UInt16(byte) << 8
    for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1 }
  }
  return crc
}

/// An `EngineEvents` with every payload set.
func sampleEvents() -> EngineEvents {
  var events = EngineEvents()
  events.mask =
    EngineEvents.Kind.touchDown.rawValue | EngineEvents.Kind.direction.rawValue
    | EngineEvents.Kind.boost.rawValue | EngineEvents.Kind.value.rawValue
  events.velocity = 87
  events.direction = .down
  events.boostOn = true
  events.value = 42
  return events
}

/// One example of every message, named as in Protocol.md. The document's example
/// frames must decode to exactly these (see `DocumentVectorTests`).
func exampleMessages() -> [(name: String, seq: UInt8, message: Message)] {
  var batch = ParamBatch()
  batch.append(ParamValue(.restThreshold, 250))
  batch.append(ParamValue(.boostThreshold, 800))
  var inject = InjectRequest(resetFirst: true)
  inject.append(left: 0, right: 0)
  inject.append(left: 300, right: 280)
  var commit = EngineEvents()
  commit.mask = EngineEvents.Kind.commit.rawValue | EngineEvents.Kind.release.rawValue
  commit.value = 7
  // A right cell shorted to the rail mid-touch: the fault ends the touch without a commit.
  var railedEvents = EngineEvents()
  railedEvents.mask =
    EngineEvents.Kind.boost.rawValue | EngineEvents.Kind.release.rawValue | EngineEvents.Kind.fault.rawValue
  railedEvents.faults = CellFaults(left: .none, right: .railed)
  let info = DeviceInfo(
    firmwareMajor: 0, firmwareMinor: 1, firmwarePatch: 0, resetReason: 0,
    capabilities: [.adc, .flash, .injection, .bench, .streaming],
    parameterSource: .defaultsBlankFlash, board: ShortText("microbit-v1"),
    protocolVersion: 3, layoutVersion: 2, schemaHash: 0x1234_5678, parameterCount: 29, stackHighWater: 612,
    cpuDuty: 37)
  var olderRecordInfo = info
  olderRecordInfo.stackHighWater = 0
  olderRecordInfo.cpuDuty = 0
  olderRecordInfo.parameterSource = .flashOlderRecord
  olderRecordInfo.capabilities = [.flash, .injection, .bench, .streaming]
  olderRecordInfo.board = ShortText("sitl")
  // A Pico (UART build) whose PLLs never locked, running from its crystal.
  var bootFaultInfo = info
  bootFaultInfo.board = ShortText("pico")
  bootFaultInfo.stackHighWater = 984
  bootFaultInfo.cpuDuty = 14
  bootFaultInfo.bootFaults = [.systemPLL, .usbPLL]
  bootFaultInfo.chipRevision = 2
  var badBatch = ParamBatch()
  badBatch.append(ParamValue(.restThreshold, 900))
  badBatch.append(ParamValue(.rangeMax, 40_000))
  var decoder = DecoderStatistics()
  decoder.frames = 10_003
  decoder.crcErrors = 1
  var stats = LinkStats(rxBytes: 80_021, decoder: decoder)
  stats.busy = 3
  stats.txBytes = 192_705
  stats.streamDropped = 12
  return [
    ("hello", 0x01, .hello(Hello(protocolVersion: 3))),
    ("info", 0x01, .info(info)),
    ("hello-v1", 0x01, .hello(Hello(protocolVersion: 1))),
    ("info-olderRecord", 0x01, .info(olderRecordInfo)),
    ("info-bootFaults", 0x01, .info(bootFaultInfo)),
    ("paramDescribe", 0x02, .paramDescribe(id: ParameterID.restThreshold.rawValue)),
    ("paramDescription", 0x02, .paramDescription(ParamDescription(.restThreshold, value: 205))),
    ("paramGet", 0x03, .paramGet(id: ParameterID.contactThreshold.rawValue)),
    ("paramValue", 0x03, .paramValue(ParamValue(.contactThreshold, 30))),
    ("paramSet", 0x04, .paramSet(ParamValue(.rangeMax, 60))),
    ("paramSet-rejected", 0x05, .paramSet(ParamValue(.restThreshold, 20))),
    (
      "error-outOfRange", 0x05,
      .error(
        ErrorReply(
          rejecting: ParamValue(.restThreshold, 20),
          because: ParameterError(parameter: .contactThreshold, value: 30, rule: .contactBelowRest)))
    ),
    ("paramSetBatch", 0x06, .paramSetBatch(batch)),
    ("ack", 0x06, .ack(Ack(.paramSetBatch))),
    ("paramSetBatch-rejected", 0x10, .paramSetBatch(badBatch)),
    (
      "error-batch", 0x10,
      .error(
        ErrorReply(
          requestType: .paramSetBatch,
          rejected: ParameterError(parameter: .rangeMax, value: 40_000, rule: .outOfRange)))
    ),
    ("paramSave", 0x07, .paramSave),
    ("error-flash", 0x07, .error(ErrorReply(requestType: .paramSave, flash: .writeFailed))),
    ("paramLoad", 0x08, .paramLoad),
    ("paramLoaded", 0x08, .paramLoaded(ParamLoaded(source: .flash))),
    ("paramLoaded-older", 0x08, .paramLoaded(ParamLoaded(source: .flashOlderRecord))),
    ("paramDefaults", 0x09, .paramDefaults),
    ("streamStart", 0x0A, .streamStart(StreamStart(decimation: 1, events: true))),
    (
      "error-unsupported", 0x0A,
      .error(ErrorReply(requestType: .streamStart, missing: .adc))
    ),
    ("streamStop", 0x0B, .streamStop),
    ("error-reservedFlags", 0x11, .error(ErrorReply(code: .outOfRange, requestType: 0x09, detail: 2, value: 5))),
    (
      "telemetry-first", 0x00,
      .telemetry(
        Telemetry(
          frame: 300, left: 0, right: 0, force: 0, state: .idle, direction: .up, value: 0, positionMilli: 0))
    ),
    (
      "telemetry", 0x17,
      .telemetry(
        Telemetry(
          frame: 1234, left: 512, right: 300, force: 640, state: .scrolling, direction: .up,
          value: 42, positionMilli: 42_317))
    ),
    ("event", 0x18, .event(EventReport(frame: 1240, events: commit))),
    (
      "telemetry-fault", 0x19,
      .telemetry(
        Telemetry(
          frame: 1250, left: 38, right: 1023, force: 0, state: .fault, direction: .up, value: 7,
          positionMilli: 7_000, faults: CellFaults(left: .none, right: .railed)))
    ),
    ("event-fault", 0x1A, .event(EventReport(frame: 1246, events: railedEvents))),
    ("inject", 0x0C, .inject(inject)),
    (
      "injectResult", 0x0C,
      .injectResult(
        InjectResult(
          index: 1,
          output: FrameOutput(
            force: 412, state: .scrolling, direction: .down, value: 42, fraction: 70_313,
            events: sampleEvents()), unitsPerItem: 200_000))
    ),
    ("error-badReading", 0x12, .error(ErrorReply(code: .outOfRange, requestType: 0x0B, detail: 5, value: 1024))),
    ("bench", 0x0D, .bench(BenchRequest(frames: 10_000))),
    (
      "benchResult", 0x0D,
      .benchResult(BenchResult(frames: 10_000, ticks: 812_345, tickHz: 1_000_000, maxFrameTicks: 95, stackHighWater: 0))
    ),
    (
      "benchResult-ended", 0x13,
      .benchResult(
        BenchResult(
          frames: 5_120, ticks: 2_460_160, tickHz: 16_000_000, maxFrameTicks: 611, stackHighWater: 612, cpuDuty: 37))
    ),
    ("error-benchFrames", 0x50, .error(ErrorReply(code: .outOfRange, requestType: 0x0C, detail: 0, value: -1))),
    ("stats", 0x14, .stats),
    ("statsReport", 0x14, .statsReport(stats)),
    ("bootsel", 0x1B, .bootsel),
    ("ack-bootsel", 0x1B, .ack(Ack(.bootsel))),
    ("error-noBootloader", 0x1B, .error(ErrorReply(requestType: .bootsel, missing: .bootloader))),
    ("error-unknownType", 0x0E, .error(ErrorReply(code: .unknownType, requestType: 0x42))),
    ("error-busy", 0x0F, .error(ErrorReply(code: .busy, requestType: MessageType.paramGet.rawValue))),
    ("error-injectLength", 0x15, .error(ErrorReply(code: .badLength, requestType: 0x0B))),
    ("error-unknownShort", 0x16, .error(ErrorReply(code: .unknownParameter, requestType: 0x04, parameter: 0xEE))),
  ]
}

/// Requests of Protocol.md that the device rejects while decoding, named as there:
/// the raw frame, the error decoding throws and the label of the documented reply.
func rejectedRequestExamples() -> [(
  name: String, type: UInt8, seq: UInt8, body: [UInt8], error: ProtocolError, reply: String
)] {
  [
    ("unknown-request", 0x42, 0x0E, [], .unknownType(0x42), "error-unknownType"),
    (
      "streamStart-reservedFlags", 0x09, 0x11, [0x01, 0x00, 0x05], .fieldOutOfRange(offset: 2, value: 5),
      "error-reservedFlags"
    ),
    (
      "inject-badReading", 0x0B, 0x12, [0x01, 0x0A, 0x00, 0x14, 0x00, 0x00, 0x04, 0x05, 0x00],
      .fieldOutOfRange(offset: 5, value: 1024), "error-badReading"
    ),
    (
      "bench-tooLong", 0x0C, 0x50, [0xFF, 0xFF, 0xFF, 0xFF], .fieldOutOfRange(offset: 0, value: -1), "error-benchFrames"
    ),
    // Reserved flag bits and a wrong length: the length rule comes first.
    ("inject-flagsAndLength", 0x0B, 0x15, [0x04, 0x0A, 0x00], .badLength, "error-injectLength"),
    // An unknown id and a short body: field by field, the id comes first.
    ("paramSet-unknownShort", 0x04, 0x16, [0xEE, 0x01, 0x00], .unknownParameter(0xEE), "error-unknownShort"),
  ]
}

import ForceEngine
import ForceProtocol

// The larger messages read from the fields, for `readMessage`.

func readBatch() throws(ProtocolError) -> ParamBatch {
  let count = Int(field(0))
  guard count >= 1, count <= ParamBatch.capacity else { throw .badLength }
  var batch = ParamBatch()
  for index in 0..<count {
    batch.append(ParamValue(id: u8(1 &+ 2 &* index), value: field(2 &+ 2 &* index)))
  }
  return batch
}

func readInject() throws(ProtocolError) -> InjectRequest {
  let count = Int(field(2))
  guard count >= 1, count <= InjectRequest.capacity else { throw .badLength }
  var request = InjectRequest(resetFirst: field(0) != 0, endSession: field(1) != 0)
  for index in 0..<count {
    let left = field(3 &+ 2 &* index)
    let right = field(4 &+ 2 &* index)
    guard (0...1023).contains(left), (0...1023).contains(right) else { throw .badValue }
    request.append(left: UInt16(left), right: UInt16(right))
  }
  return request
}

/// A text of `length` bytes at `offset` of the text area.
func readText(at offset: Int, length: Int32) throws(ProtocolError) -> ShortText {
  guard length >= 0, Int(length) <= ShortText.capacity else { throw .badLength }
  return ShortText(UnsafeRawBufferPointer(rebasing: Area.text[offset..<offset &+ Int(length)]))
}

func readInfo() throws(ProtocolError) -> DeviceInfo {
  guard let source = ParameterSource(rawValue: u8(9)) else { throw .badValue }
  return DeviceInfo(
    firmwareMajor: u8(1), firmwareMinor: u8(2), firmwarePatch: u8(3), resetReason: u8(7),
    capabilities: Capabilities(rawValue: u8(8)), parameterSource: source,
    board: try readText(at: 0, length: field(11)), protocolVersion: u8(0), layoutVersion: u16(4),
    schemaHash: u32(5), parameterCount: u8(6), maxFrameSize: u16(10), stackHighWater: u16(12),
    cpuDuty: u16(13))
}

func readLoaded() throws(ProtocolError) -> ParamLoaded {
  guard let source = ParameterSource(rawValue: u8(0)), source == .flash || source == .flashOlderRecord else {
    throw .badValue
  }
  return ParamLoaded(source: source)
}

func readStats() -> LinkStats {
  var stats = LinkStats()
  stats.rxBytes = u32(0)
  stats.rxFrames = u32(1)
  stats.rxCRCErrors = u32(2)
  stats.rxOverruns = u32(3)
  stats.rxMalformed = u32(4)
  stats.rxTooShort = u32(5)
  stats.uartErrors = u32(6)
  stats.busy = u32(7)
  stats.dropped = u32(8)
  stats.txBytes = u32(9)
  stats.streamDropped = u32(10)
  return stats
}

func readDescription() throws(ProtocolError) -> ParamDescription {
  let nameLength = field(6)
  let name = try readText(at: 0, length: nameLength)
  return ParamDescription(
    id: u8(0), count: u8(1), value: field(2), min: field(3), max: field(4), defaultValue: field(5),
    name: name, unit: try readText(at: Int(nameLength), length: field(7)))
}

func readState(_ index: Int) throws(ProtocolError) -> EngineState {
  guard let state = EngineState(rawValue: u8(index)) else { throw .badValue }
  return state
}

func readTelemetry() throws(ProtocolError) -> Telemetry {
  Telemetry(
    frame: u16(0), left: u16(1), right: u16(2), force: Int16(truncatingIfNeeded: field(3)),
    state: try readState(4), direction: field(5) != 0 ? .down : .up, value: field(6),
    positionMilli: field(7), faults: try readFaults(8))
}

/// force, state, direction, value, fraction, unitsPerItem, (positionMilli), EVENTS,
/// leftFault, rightFault.
func readOutput(from start: Int) throws(ProtocolError) -> FrameOutput {
  FrameOutput(
    force: Int16(truncatingIfNeeded: field(start)), state: try readState(start &+ 1),
    direction: field(start &+ 2) != 0 ? .down : .up, value: field(start &+ 3),
    fraction: field(start &+ 4), unitsPerItem: field(start &+ 5),
    events: try readEvents(from: start &+ 7), faults: try readFaults(start &+ 14))
}

/// mask, velocity, directionDown, boostOn, value, leftFault, rightFault.
func readEvents(from start: Int) throws(ProtocolError) -> EngineEvents {
  var events = EngineEvents()
  events.mask = u16(start)
  events.velocity = u8(start &+ 1)
  events.direction = field(start &+ 2) != 0 ? .down : .up
  events.boostOn = field(start &+ 3) != 0
  events.value = field(start &+ 4)
  events.faults = try readFaults(start &+ 5)
  return events
}

/// The cells' faults from two fields, the left cell's code at `index`, the right's after it.
func readFaults(_ index: Int) throws(ProtocolError) -> CellFaults {
  CellFaults(left: try readFault(index), right: try readFault(index &+ 1))
}

func readFault(_ index: Int) throws(ProtocolError) -> CellFault {
  let code = field(index)
  guard code >= 0, code < Int32(CellFault.count), let fault = CellFault(rawValue: UInt8(code)) else {
    throw .badValue
  }
  return fault
}

func readError() throws(ProtocolError) -> ErrorReply {
  guard let code = ErrorCode(rawValue: u8(0)) else { throw .badValue }
  return ErrorReply(code: code, requestType: u8(1), parameter: u8(2), detail: u8(3), value: field(4))
}

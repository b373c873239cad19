import ForceEngine
import ForceProtocol

// Every message as a row of Int32 fields (the layout Web/js/wire.js names):
//
//   hello            protocolVersion
//   paramDescribe    id                      paramGet  id
//   paramSet         id, value               paramValue  id, value
//   paramSetBatch    count, id0, value0, id1, value1, …
//   paramSave, paramLoad, paramDefaults, streamStop, stats   (no fields)
//   streamStart      decimation, events
//   inject           resetFirst, endSession, count, left0, right0, …
//   bench            frames
//   info             protocolVersion, major, minor, patch, layoutVersion, schemaHash,
//                    parameterCount, resetReason, capabilities, parameterSource,
//                    maxFrameSize, boardLength, stackHighWater, cpuDuty  (text: board)
//   paramDescription id, count, value, min, max, default, nameLength, unitLength
//                                                              (text: name, unit)
//   ack              requestType
//   injectResult     index, force, state, direction, value, fraction, unitsPerItem,
//                    positionMilli, EVENTS, leftFault, rightFault
//   benchResult      frames, ticks, tickHz, maxFrameTicks, stackHighWater, cpuDuty
//   paramLoaded      source
//   statsReport      rxBytes, rxFrames, rxCRCErrors, rxOverruns, rxMalformed, rxTooShort,
//                    uartErrors, busy, dropped, txBytes, streamDropped
//   telemetry        frame, left, right, force, state, direction, value, positionMilli,
//                    leftFault, rightFault
//   event            frame, EVENTS
//   error            code, requestType, parameter, detail, value
//
// EVENTS is seven fields: mask, velocity, directionDown, boostOn, value, and the
// `fault` event's payload leftFault, rightFault. A fault field is a `CellFault` code
// (0 ok, 1 open, 2 railed, 3 stuck, 4 intermittent, 5 drifted).

/// Writes `message`'s fields (and texts) for JavaScript.
func writeFields(_ message: Message) {
  var out = FieldWriter()
  switch message {
  case .hello(let m): out.put(m.protocolVersion)
  case .paramDescribe(let id), .paramGet(let id): out.put(id)
  case .paramSet(let m), .paramValue(let m):
    out.put(m.id)
    out.put(m.value)
  case .paramSetBatch(let m):
    out.put(Int32(m.count))
    for index in 0..<m.count {
      out.put(m[index].id)
      out.put(m[index].value)
    }
  case .paramSave, .paramLoad, .paramDefaults, .streamStop, .stats: break
  case .streamStart(let m):
    out.put(m.decimation)
    out.put(m.events)
  case .inject(let m):
    out.put(m.resetFirst)
    out.put(m.endSession)
    out.put(Int32(m.count))
    for index in 0..<m.count {
      out.put(m[index].left)
      out.put(m[index].right)
    }
  case .bench(let m): out.put(m.frames)
  case .info(let m): writeInfo(m, &out)
  case .paramDescription(let m): writeDescription(m, &out)
  case .ack(let m): out.put(m.requestType)
  case .injectResult(let m):
    out.put(m.index)
    writeOutput(m.output, &out)
  case .benchResult(let m):
    out.put(m.frames)
    out.put(m.ticks)
    out.put(m.tickHz)
    out.put(m.maxFrameTicks)
    out.put(m.stackHighWater)
    out.put(m.cpuDuty)
  case .paramLoaded(let m): out.put(m.source.rawValue)
  case .statsReport(let m): writeStats(m, &out)
  case .telemetry(let m):
    out.put(m.frame)
    out.put(m.left)
    out.put(m.right)
    out.put(m.force)
    out.put(m.state.rawValue)
    out.put(m.direction.rawValue)
    out.put(m.value)
    out.put(m.positionMilli)
    writeFaults(m.faults, &out)
  case .event(let m):
    out.put(m.frame)
    writeEvents(m.events, &out)
  case .error(let m):
    out.put(m.code.rawValue)
    out.put(m.requestType)
    out.put(m.parameter)
    out.put(m.detail)
    out.put(m.value)
  }
}

func writeInfo(_ m: DeviceInfo, _ out: inout FieldWriter) {
  out.put(m.protocolVersion)
  out.put(m.firmwareMajor)
  out.put(m.firmwareMinor)
  out.put(m.firmwarePatch)
  out.put(m.layoutVersion)
  out.put(m.schemaHash)
  out.put(m.parameterCount)
  out.put(m.resetReason)
  out.put(m.capabilities.rawValue)
  out.put(m.parameterSource.rawValue)
  out.put(m.maxFrameSize)
  out.put(Int32(putTexts(m.board)))
  out.put(m.stackHighWater)
  out.put(m.cpuDuty)
}

func writeStats(_ m: LinkStats, _ out: inout FieldWriter) {
  out.put(m.rxBytes)
  out.put(m.rxFrames)
  out.put(m.rxCRCErrors)
  out.put(m.rxOverruns)
  out.put(m.rxMalformed)
  out.put(m.rxTooShort)
  out.put(m.uartErrors)
  out.put(m.busy)
  out.put(m.dropped)
  out.put(m.txBytes)
  out.put(m.streamDropped)
}

func writeDescription(_ m: ParamDescription, _ out: inout FieldWriter) {
  out.put(m.id)
  out.put(m.count)
  out.put(m.value)
  out.put(m.min)
  out.put(m.max)
  out.put(m.defaultValue)
  out.put(Int32(m.name.count))
  out.put(Int32(m.unit.count))
  _ = putTexts(m.name, m.unit)
}

/// force, state, direction, value, fraction, unitsPerItem, positionMilli, EVENTS,
/// leftFault, rightFault.
func writeOutput(_ output: FrameOutput, _ out: inout FieldWriter) {
  out.put(output.force)
  out.put(output.state.rawValue)
  out.put(output.direction.rawValue)
  out.put(output.value)
  out.put(output.fraction)
  out.put(output.unitsPerItem)
  out.put(output.positionMilli)
  writeEvents(output.events, &out)
  writeFaults(output.faults, &out)
}

/// mask, velocity, directionDown, boostOn, value, leftFault, rightFault.
func writeEvents(_ events: EngineEvents, _ out: inout FieldWriter) {
  out.put(events.mask)
  out.put(events.velocity)
  out.put(events.direction == .down)
  out.put(events.boostOn)
  out.put(events.value)
  writeFaults(events.faults, &out)
}

/// The left cell's fault code, then the right cell's.
func writeFaults(_ faults: CellFaults, _ out: inout FieldWriter) {
  out.put(faults.left.rawValue)
  out.put(faults.right.rawValue)
}

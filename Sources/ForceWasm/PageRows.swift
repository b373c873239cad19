import ForceEngine
import ForceProtocol

// The rows of the messages whose wire layout is written by hand (the packed
// telemetry word, the events block, the batch and inject lists): their fields as
// the page sees them, declared once here for `RowWriter`, `RowReader` and
// `RowNames`. The wire layout stays in their ForceProtocol files and Protocol.md.

/// `paramDescribe` and `paramGet`: the parameter id.
struct ParameterRequestRow: ProtocolFields {
  var id: UInt8 = 0

  mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) { try v.u8(&id, "id", "") }
}

/// `telemetry`: every field unpacked, the position in thousandths of an item.
struct TelemetryRow: ProtocolFields {
  var message = Telemetry(
    frame: 0, left: 0, right: 0, force: 0, state: .idle, direction: .up, value: 0, positionMilli: 0)

  init() {}
  init(_ message: Telemetry) { self.message = message }

  mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u16(&message.frame, "frame", "")
    try v.u16(&message.left, "left", "")
    try v.u16(&message.right, "right", "")
    try v.i16(&message.force, "force", "")
    try v.code(&message.state, "state", "")
    try v.code(&message.direction, "direction", "")
    try v.i32(&message.value, "value", "")
    try v.i32(&message.positionMilli, "positionMilli", "")
    try faultRows(&message.faults, &v, "leftFault", "rightFault")
  }
}

/// `event`: the frame number and the events.
struct EventRow: ProtocolFields {
  var message = EventReport(frame: 0, events: EngineEvents())

  init() {}
  init(_ message: EventReport) { self.message = message }

  mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u16(&message.frame, "frame", "")
    try eventRows(&message.events, &v)
  }
}

/// `injectResult`: the sample index and the engine's output.
struct InjectResultRow: ProtocolFields {
  var index: UInt8 = 0
  var output = OutputRow()

  init() {}
  init(_ message: InjectResult) {
    index = message.index
    output = OutputRow(message.output)
  }

  var message: InjectResult { InjectResult(index: index, output: output.output) }

  mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u8(&index, "index", "")
    try output.fields(&v)
  }
}

/// One engine step's output (`injectResult`, the offline engine); `positionMilli`
/// is written, and ignored when read.
struct OutputRow: ProtocolFields {
  var output = FrameOutput(
    force: 0, state: .idle, direction: .up, value: 0, fraction: 0, unitsPerItem: 1000, events: EngineEvents(),
    faults: .none)

  init() {}
  init(_ output: FrameOutput) { self.output = output }

  mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.i16(&output.force, "force", "")
    try v.code(&output.state, "state", "")
    try v.code(&output.direction, "direction", "")
    try v.i32(&output.value, "value", "")
    try v.i32(&output.fraction, "fraction", "")
    try v.i32(&output.unitsPerItem, "unitsPerItem", "")
    var positionMilli = output.positionMilli
    try v.i32(&positionMilli, "positionMilli", "")
    try eventRows(&output.events, &v)
    try faultRows(&output.faults, &v, "leftFault", "rightFault")
  }
}

/// The events: mask, velocity, directionDown, boostOn, eventValue and the `fault`
/// event's payload.
func eventRows<V: FieldVisitor>(_ events: inout EngineEvents, _ v: inout V) throws(ProtocolError) {
  try v.u16(&events.mask, "mask", "")
  try v.u8(&events.velocity, "velocity", "")
  try v.code(&events.direction, "directionDown", "")
  try v.flag(&events.boostOn, "boostOn", "")
  try v.i32(&events.value, "eventValue", "")
  try faultRows(&events.faults, &v, "eventLeftFault", "eventRightFault")
}

/// The left cell's fault code, then the right cell's.
func faultRows<V: FieldVisitor>(
  _ faults: inout CellFaults, _ v: inout V, _ leftName: StaticString, _ rightName: StaticString
) throws(ProtocolError) {
  var left = faults.left
  var right = faults.right
  try v.code(&left, leftName, "")
  try v.code(&right, rightName, "")
  faults = CellFaults(left: left, right: right)
}

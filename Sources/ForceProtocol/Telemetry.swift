import ForceEngine

/// `telemetry` (0xA0): one engine frame, packed into 13 bytes of body (19 on the wire).
///
/// Body: frame (u16), then a 40-bit little-endian word with left (bits 0–9), right
/// (10–19), force (20–29), state (30–32), direction (33, 1 = down) and the cells'
/// faults (34–39: left in 34–36, right in 37–39, as `CellFaults`),
/// then value (i32), then position − 1000 × value in thousandths of an item (i16).
public struct Telemetry: ProtocolFields, Equatable, Sendable {
  /// Engine frame number, modulo 65536. Consecutive telemetry frames differ by the
  /// decimation; any other gap means frames were lost.
  public var frame: UInt16
  /// Raw left reading, 0…1023 (larger values are sent as 1023).
  public var left: UInt16
  /// Raw right reading, 0…1023.
  public var right: UInt16
  /// Force after calibration and smoothing, 0…1023.
  public var force: Int16
  /// Engine state.
  public var state: EngineState
  /// Direction of motion.
  public var direction: Direction
  /// Shown value.
  public var value: Int32
  /// Position in thousandths of an item (`FrameOutput.positionMilli(unitsPerItem:)`); must lie within
  /// ±32767 of 1000 × `value` (it is within ±500).
  public var positionMilli: Int32
  /// Each cell's fault (Docs/sensor-faults.md).
  public var faults: CellFaults

  /// Every field given.
  public init(
    frame: UInt16, left: UInt16, right: UInt16, force: Int16, state: EngineState,
    direction: Direction, value: Int32, positionMilli: Int32, faults: CellFaults = .none
  ) {
    self.frame = frame
    self.left = left
    self.right = right
    self.force = force
    self.state = state
    self.direction = direction
    self.value = value
    self.positionMilli = positionMilli
    self.faults = faults
  }

  /// The telemetry of one engine step at `positionMilli` (`output.positionMilli(unitsPerItem:)`,
  /// which the device works out without a division).
  public init(frame: UInt16, left: UInt16, right: UInt16, output: FrameOutput, positionMilli: Int32) {
    self.init(
      frame: frame, left: left, right: right, force: output.force, state: output.state,
      direction: output.direction, value: output.value, positionMilli: positionMilli, faults: output.faults)
  }

  /// Frame 0, idle, nothing pressed.
  public init() {
    self.init(frame: 0, left: 0, right: 0, force: 0, state: .idle, direction: .up, value: 0, positionMilli: 0)
  }

  /// The fields, in wire order; the page sees the packed word's fields and the position.
  /// Inlined: on the device's frame path encoding then reads the fields in place,
  /// without a copy of the message.
  @inline(__always)
  public mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u16(
      &frame, "frame",
      "engine frame number mod 65536; consecutive telemetry frames differ by `decimation` unless the device dropped some"
    )
    try v.packed(&self, TelemetryWord.self, "packed", "a 40-bit little-endian word, see below")
    try v.i32(&value, "value", "shown value")
    try v.packed(&self, PositionOffset.self, "positionOffset", "position × 1000 − value × 1000 (−500…500)")
  }
}

/// The telemetry word: left (bits 0–9), right (10–19), force (20–29), state (30–32),
/// direction (33) and the cells' faults (34–39).
enum TelemetryWord: PackedPart {
  static let size = 5
  static let type: StaticString = "5 bytes"

  static func clamp10(_ value: Int32) -> UInt32 {
    UInt32(value < 0 ? 0 : (value > 1023 ? 1023 : value))
  }

  @inline(__always)
  static func encode<W: ByteSink>(_ m: Telemetry, into writer: inout W) throws(ProtocolError) {
    // The 40-bit word as its low 32 bits and its top byte: 32-bit arithmetic only (a
    // 64-bit shift is a runtime call on the Cortex-M0).
    let state = UInt32(m.state.rawValue)
    var low = clamp10(Int32(m.left))
    low |= clamp10(Int32(m.right)) << 10
    low |= clamp10(Int32(m.force)) << 20
    low |= state << 30
    try writer.u32(low)
    try writer.u8(UInt8(truncatingIfNeeded: state >> 2 | UInt32(m.direction.rawValue) << 1) | m.faults.rawValue << 2)
  }

  static func decode(_ m: inout Telemetry, from reader: inout ByteReader) throws(ProtocolError) {
    var word: UInt64 = 0
    for byte in 0..<5 { word |= UInt64(try reader.u8()) << UInt64(byte &* 8) }
    guard let state = EngineState(rawValue: UInt8(truncatingIfNeeded: (word >> 30) & 7)),
      let faults = CellFaults(packed: UInt8(truncatingIfNeeded: word >> 34))
    else { throw .badValue }
    m.faults = faults
    m.left = UInt16(truncatingIfNeeded: word & 0x3FF)
    m.right = UInt16(truncatingIfNeeded: (word >> 10) & 0x3FF)
    m.force = Int16(truncatingIfNeeded: (word >> 20) & 0x3FF)
    m.state = state
    m.direction = (word >> 33) & 1 != 0 ? .down : .up
  }

  static func fields<V: FieldVisitor>(_ m: inout Telemetry, _ v: inout V) throws(ProtocolError) {
    try v.u16(&m.left, "left", "")
    try v.u16(&m.right, "right", "")
    try v.i16(&m.force, "force", "")
    try v.code(&m.state, "state", "")
    try v.code(&m.direction, "direction", "")
    try faultFields(&m.faults, &v, "leftFault", "rightFault")
  }
}

/// The position as its offset from 1000 × value, an i16 (the value comes first).
enum PositionOffset: PackedPart {
  static let size = 2
  static let type: StaticString = "i16"

  @inline(__always)
  static func encode<W: ByteSink>(_ m: Telemetry, into writer: inout W) throws(ProtocolError) {
    var offset = m.positionMilli &- m.value &* 1000
    if offset > Int32(Int16.max) { offset = Int32(Int16.max) }
    if offset < Int32(Int16.min) { offset = Int32(Int16.min) }
    try writer.i16(Int16(offset))
  }

  static func decode(_ m: inout Telemetry, from reader: inout ByteReader) throws(ProtocolError) {
    m.positionMilli = m.value &* 1000 &+ Int32(try reader.i16())
  }

  static func fields<V: FieldVisitor>(_ m: inout Telemetry, _ v: inout V) throws(ProtocolError) {
    try v.i32(&m.positionMilli, "positionMilli", "")
  }
}

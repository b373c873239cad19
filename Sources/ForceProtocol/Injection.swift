import ForceEngine

/// `inject` (0x0B): raw samples the device runs through its engine, one engine frame
/// each, in place of its ADC. The device replies with one `injectResult` per sample.
///
/// Body: flags (u8: bit 0 `resetFirst`, bit 1 `endSession`), then 1…`capacity`
/// samples of left (u16) and right (u16), each 0…1023.
public struct InjectRequest: Equatable, Sendable {
  /// Most samples in one request.
  public static let capacity = 16
  /// Reset the engine (idle, at `start_value`) before the first sample, as
  /// `forcectl sim run` starts. Also starts an injection session: the device stops
  /// stepping the engine from its ADC.
  public var resetFirst: Bool
  /// End the injection session after these samples: the ADC drives the engine again.
  public var endSession: Bool
  var storage = Bytes64()
  /// Number of samples.
  public private(set) var count = 0

  /// An empty request.
  public init(resetFirst: Bool = false, endSession: Bool = false) {
    self.resetFirst = resetFirst
    self.endSession = endSession
  }

  /// Adds a sample (readings above 1023 are sent as 1023). Returns false when full.
  @discardableResult
  public mutating func append(left: UInt16, right: UInt16) -> Bool {
    guard count < InjectRequest.capacity else { return false }
    let offset = count &* 4
    let l = left > 1023 ? 1023 : left
    let r = right > 1023 ? 1023 : right
    withUnsafeMutableBytes(of: &storage) { buffer in
      buffer[offset] = UInt8(truncatingIfNeeded: l)
      buffer[offset &+ 1] = UInt8(truncatingIfNeeded: l >> 8)
      buffer[offset &+ 2] = UInt8(truncatingIfNeeded: r)
      buffer[offset &+ 3] = UInt8(truncatingIfNeeded: r >> 8)
    }
    count &+= 1
    return true
  }

  /// The sample at `index` (0..<count).
  public subscript(index: Int) -> (left: UInt16, right: UInt16) {
    precondition(index >= 0 && index < count)
    var copy = storage
    return withUnsafeBytes(of: &copy) { buffer in
      let offset = index &* 4
      return (
        UInt16(buffer[offset]) | UInt16(buffer[offset &+ 1]) << 8,
        UInt16(buffer[offset &+ 2]) | UInt16(buffer[offset &+ 3]) << 8
      )
    }
  }

  /// Same flags and samples.
  public static func == (a: InjectRequest, b: InjectRequest) -> Bool {
    guard a.count == b.count, a.resetFirst == b.resetFirst, a.endSession == b.endSession else {
      return false
    }
    for index in 0..<a.count where a[index] != b[index] { return false }
    return true
  }

  public func encode<W: ByteSink>(into writer: inout W) throws(ProtocolError) {
    try writer.u8((resetFirst ? 1 : 0) | (endSession ? 2 : 0))
    for index in 0..<count {
      let sample = self[index]
      try writer.u16(sample.left)
      try writer.u16(sample.right)
    }
  }

  /// The request of a received body (`RequestBody.checkInject` decides what is valid).
  init(checking body: RequestBody) throws(ProtocolError) {
    let (flags, count) = try body.checkInject()
    resetFirst = flags & 1 != 0
    endSession = flags & 2 != 0
    for index in 0..<count {
      let sample = body.sample(index)
      append(left: sample.left, right: sample.right)
    }
  }
}

/// `injectResult` (0x85): the engine's output for one injected sample — everything
/// needed to rebuild the row of `forcectl sim run`'s CSV (`output` is the engine's
/// `FrameOutput`).
///
/// Body: index (u8), force (i16), state (u8), direction and faults (u8: bit 0 the
/// direction, 1 = down; bits 2–7 the cells' faults as in `telemetry`), value (i32),
/// fraction (i32), unitsPerItem (i32), events (8 bytes, as in `event`). 25 bytes.
public struct InjectResult: ProtocolFields, Equatable, Sendable {
  /// Position of the sample in its `inject` request (0-based).
  public var index: UInt8
  /// The engine's output for the sample, exactly as the device computed it.
  public var output: FrameOutput
  /// The unit of `output.fraction`: the engine's `unitsPerItem` (1000 × `sample_rate_hz`).
  public var unitsPerItem: Int32

  /// A result.
  public init(index: UInt8, output: FrameOutput, unitsPerItem: Int32) {
    self.index = index
    self.output = output
    self.unitsPerItem = unitsPerItem
  }

  /// Thousandths of an item at the output's position (`FrameOutput.positionMilli(unitsPerItem:)`).
  public var positionMilli: Int32 { output.positionMilli(unitsPerItem: unitsPerItem) }

  /// Sample 0, an idle output.
  public init() {
    self.init(
      index: 0,
      output: FrameOutput(
        force: 0, state: .idle, direction: .up, value: 0, fraction: 0, events: EngineEvents()),
      unitsPerItem: 1000)
  }

  /// The fields, in wire order; the page also gets `positionMilli`.
  public mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u8(&index, "index", "sample index within the request (0-based)")
    try v.i16(&output.force, "force", "0…1023")
    try v.code(&output.state, "state", "0 idle, 1 resting, 2 scrolling, 3 boosted, 4 paused, 5 fault")
    try v.packed(
      &output, DirectionByte.self, "direction",
      "bit 0: the direction after this sample (0 up, 1 down); bit 1 zero; bits 2–7: the cells' faults, as in `telemetry`"
    )
    try v.i32(&output.value, "value", "shown value")
    try v.i32(&output.fraction, "fraction", "position − value, in 1/unitsPerItem items")
    try v.i32(&unitsPerItem, "unitsPerItem", "1000 × `sample_rate_hz`")
    try v.require(unitsPerItem >= 1000 && unitsPerItem % 1000 == 0, else: .badValue)
    try v.derived(positionMilli, "positionMilli")
    // The frame's direction, value and faults are its events' payloads of those names,
    // which the events' own fields carry as `event` does (zero when their kind did not
    // happen): the frame's are put back after them, so the direction byte, not the
    // event flags, gives the frame's faults.
    let (direction, value, faults) = (output.direction, output.value, output.faults)
    try eventFields(&output.events, &v)
    output.direction = direction
    output.value = value
    output.faults = faults
  }
}

/// An `injectResult`'s direction byte: bit 0 the direction, bits 2–7 the cells' faults.
enum DirectionByte: PackedPart {
  static let size = 1
  static let type: StaticString = "u8"

  @inline(__always)
  static func encode<W: ByteSink>(_ output: FrameOutput, into writer: inout W) throws(ProtocolError) {
    try writer.u8(output.direction.rawValue | output.faults.rawValue << 2)
  }

  static func decode(_ output: inout FrameOutput, from reader: inout ByteReader) throws(ProtocolError) {
    let byte = try reader.u8()
    guard let direction = Direction(rawValue: byte & 3), let faults = CellFaults(packed: byte >> 2) else {
      throw .badValue
    }
    output.direction = direction
    output.faults = faults
  }

  static func fields<V: FieldVisitor>(_ output: inout FrameOutput, _ v: inout V) throws(ProtocolError) {
    try v.code(&output.direction, "direction", "")
    try faultFields(&output.faults, &v, "leftFault", "rightFault")
  }
}

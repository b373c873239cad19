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
public struct InjectResult: Equatable, Sendable {
  /// Position of the sample in its `inject` request (0-based).
  public var index: UInt8
  /// The engine's output for the sample, exactly as the device computed it.
  public var output: FrameOutput

  /// A result.
  public init(index: UInt8, output: FrameOutput) {
    self.index = index
    self.output = output
  }

  public func encode<W: ByteSink>(into writer: inout W) throws(ProtocolError) {
    try writer.u8(index)
    try writer.i16(output.force)
    try writer.u8(output.state.rawValue)
    try writer.u8(output.direction.rawValue | output.faults.rawValue << 2)
    try writer.i32(output.value)
    try writer.i32(output.fraction)
    try writer.i32(output.unitsPerItem)
    try EventsCoding.encode(output.events, into: &writer)
  }

  @inline(never)
  init(from reader: inout ByteReader) throws(ProtocolError) {
    index = try reader.u8()
    let force = try reader.i16()
    let stateByte = try reader.u8()
    let directionByte = try reader.u8()
    guard let state = EngineState(rawValue: stateByte),
      let direction = Direction(rawValue: directionByte & 3),
      let faults = CellFaults(packed: directionByte >> 2)
    else { throw .badValue }
    let value = try reader.i32()
    let fraction = try reader.i32()
    let unitsPerItem = try reader.i32()
    guard unitsPerItem >= 1000, unitsPerItem % 1000 == 0 else { throw .badValue }
    let events = try EventsCoding.decode(from: &reader)
    output = FrameOutput(
      force: force, state: state, direction: direction, value: value, fraction: fraction,
      unitsPerItem: unitsPerItem, events: events, faults: faults)
  }
}

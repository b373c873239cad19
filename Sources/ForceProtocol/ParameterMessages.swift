import ForceEngine

/// `paramSet` (0x04) request and `paramValue` (0x83) reply: one parameter id and value.
public struct ParamValue: ProtocolFields, Equatable, Sendable {
  /// `ParameterID` raw value.
  public var id: UInt8
  /// The value (requested, or now in effect).
  public var value: Int32

  /// A raw id and value.
  public init(id: UInt8, value: Int32) {
    self.id = id
    self.value = value
  }

  /// A parameter and value.
  public init(_ parameter: ParameterID, _ value: Int32) {
    self.init(id: parameter.rawValue, value: value)
  }

  /// The parameter, if this build knows the id.
  public var parameter: ParameterID? { ParameterID(rawValue: id) }

  /// Parameter 0, value 0.
  public init() { self.init(id: 0, value: 0) }

  /// The fields, in wire order.
  public mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u8(&id, "id", "parameter id")
    try v.i32(&value, "value", "the value")
  }
}

/// `paramDescription` (0x82): everything about one parameter, so a host needs no
/// compiled-in table.
public struct ParamDescription: ProtocolFields, Equatable, Sendable {
  /// `ParameterID` raw value.
  public var id: UInt8
  /// Number of parameters on the device (ids 0..<count).
  public var count: UInt8
  /// Current value.
  public var value: Int32
  /// Smallest allowed value.
  public var min: Int32
  /// Largest allowed value.
  public var max: Int32
  /// Factory default.
  public var defaultValue: Int32
  /// Public name (Docs/parameters.md), e.g. "rest_threshold".
  public var name: ShortText
  /// Unit, e.g. "counts".
  public var unit: ShortText

  /// Every field given.
  public init(
    id: UInt8, count: UInt8, value: Int32, min: Int32, max: Int32, defaultValue: Int32,
    name: ShortText, unit: ShortText
  ) {
    self.id = id
    self.count = count
    self.value = value
    self.min = min
    self.max = max
    self.defaultValue = defaultValue
    self.name = name
    self.unit = unit
  }

  /// The description of `parameter` from this build's table, with its current value.
  public init(_ parameter: ParameterID, value: Int32) {
    let info = parameter.info
    self.init(
      id: parameter.rawValue, count: UInt8(ParameterID.count), value: value, min: info.min,
      max: info.max, defaultValue: info.defaultValue, name: ShortText(info.name),
      unit: ShortText(info.unit))
  }

  /// Everything zero or empty.
  public init() {
    self.init(id: 0, count: 0, value: 0, min: 0, max: 0, defaultValue: 0, name: ShortText(), unit: ShortText())
  }

  /// The fields, in wire order.
  public mutating func fields<V: FieldVisitor>(_ v: inout V) throws(ProtocolError) {
    try v.u8(&id, "id", "parameter id")
    try v.u8(&count, "count", "number of parameters")
    try v.i32(&value, "value", "current value")
    try v.i32(&min, "min", "smallest allowed value")
    try v.i32(&max, "max", "largest allowed value")
    try v.i32(&defaultValue, "defaultValue", "factory default")
    try v.text(&name, "name", "as in the table above, e.g. `rest_threshold`")
    try v.text(&unit, "unit", "e.g. `counts`, `ms`, `Hz`, `enum`, `bool`")
  }
}

/// `paramSetBatch` (0x05): up to `capacity` id/value pairs applied all or nothing.
public struct ParamBatch: Equatable, Sendable {
  /// Most pairs in one batch (5 bytes each, within `FrameFormat.maxBodySize`).
  public static let capacity = FrameFormat.maxBodySize / 5
  var storage = Bytes256()
  /// Number of pairs.
  public private(set) var count = 0

  /// An empty batch.
  public init() {}

  /// Adds a pair. Returns false (and adds nothing) when the batch is full.
  @discardableResult
  public mutating func append(_ pair: ParamValue) -> Bool {
    guard count < ParamBatch.capacity else { return false }
    let offset = count &* 5
    withUnsafeMutableBytes(of: &storage) { buffer in
      buffer[offset] = pair.id
      let bits = UInt32(bitPattern: pair.value)
      for byte in 0..<4 { buffer[offset &+ 1 &+ byte] = UInt8(truncatingIfNeeded: bits >> UInt32(byte &* 8)) }
    }
    count &+= 1
    return true
  }

  /// The pair at `index` (0..<count).
  public subscript(index: Int) -> ParamValue {
    precondition(index >= 0 && index < count)
    var copy = storage
    return withUnsafeBytes(of: &copy) { buffer in
      let offset = index &* 5
      var bits: UInt32 = 0
      for byte in 0..<4 { bits |= UInt32(buffer[offset &+ 1 &+ byte]) << UInt32(byte &* 8) }
      return ParamValue(id: buffer[offset], value: Int32(bitPattern: bits))
    }
  }

  /// Applies every pair to `parameters` and validates the result as a whole: on error
  /// `parameters` is unchanged. Later pairs win over earlier ones for the same id.
  /// Ids must be known (`Message.decode` guarantees it for received batches).
  public func apply(to parameters: inout Parameters) throws(ParameterError) {
    try parameters.set(Pairs(batch: self))
  }

  /// The batch's pairs with known ids, in order, as the engine's batch `set` takes them.
  struct Pairs: Sequence, IteratorProtocol {
    let batch: ParamBatch
    var index = 0

    mutating func next() -> (ParameterID, Int32)? {
      while index < batch.count {
        let pair = batch[index]
        index &+= 1
        if let id = ParameterID(rawValue: pair.id) { return (id, pair.value) }
      }
      return nil
    }
  }

  /// Same pairs in the same order.
  public static func == (a: ParamBatch, b: ParamBatch) -> Bool {
    guard a.count == b.count else { return false }
    for index in 0..<a.count where a[index] != b[index] { return false }
    return true
  }

  public func encode<W: ByteSink>(into writer: inout W) throws(ProtocolError) {
    for index in 0..<count { try self[index].encode(into: &writer) }
  }

  /// The batch of a received body (`RequestBody.checkBatch` decides what is valid).
  init(checking body: RequestBody) throws(ProtocolError) {
    try body.checkBatch()
    for (id, value) in body.batchPairs { append(ParamValue(id, value)) }
  }
}

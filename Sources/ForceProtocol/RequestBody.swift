import ForceEngine

/// A request's body decoded where it lies (the frame decoder's buffer): the
/// device's path, with no copy of the body. `Message.decode` uses the same checks,
/// so both give the same `ProtocolError` for the same bytes (the precedence
/// Protocol.md, "Errors", describes).
public struct RequestBody {
  /// The body bytes.
  public let bytes: UnsafeRawBufferPointer

  /// A view of `bytes`.
  public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// An empty body (`paramSave`, `paramLoad`, `paramDefaults`, `streamStop`, `stats`,
  /// `bootsel`).
  public func empty() throws(ProtocolError) {
    guard bytes.isEmpty else { throw .badLength }
  }

  /// `hello`.
  public func hello() throws(ProtocolError) -> Hello {
    try whole { (reader) throws(ProtocolError) in try Hello(from: &reader) }
  }

  /// `paramDescribe` and `paramGet`: a known parameter id.
  public func parameter() throws(ProtocolError) -> ParameterID {
    var reader = ByteReader(bytes)
    let parameter = try RequestBody.require(try reader.u8())
    try reader.finish()
    return parameter
  }

  /// `paramSet`: a known parameter id and a value, checked field by field: an unknown
  /// id is `unknownParameter` even when the value is missing.
  public func paramSet() throws(ProtocolError) -> ParamValue {
    var reader = ByteReader(bytes)
    let id = try RequestBody.require(try reader.u8()).rawValue
    let value = try reader.i32()
    try reader.finish()
    return ParamValue(id: id, value: value)
  }

  /// `paramSetBatch`: checks the length (1…50 pairs of 5 bytes) and every id; the
  /// pairs are then read with `batchPairs`.
  public func checkBatch() throws(ProtocolError) {
    guard !bytes.isEmpty, bytes.count % 5 == 0 else { throw .badLength }
    var offset = 0
    while offset < bytes.count {
      _ = try RequestBody.require(bytes[offset])
      offset &+= 5
    }
  }

  /// The pairs of a checked `paramSetBatch` body, in order.
  public var batchPairs: BatchPairs { BatchPairs(bytes: bytes) }

  /// The (id, value) pairs of a checked batch body, read in place.
  public struct BatchPairs: Sequence, IteratorProtocol {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    /// The next pair.
    public mutating func next() -> (ParameterID, Int32)? {
      guard offset &+ 5 <= bytes.count, let id = ParameterID(rawValue: bytes[offset]) else { return nil }
      let value = Int32(bitPattern: bytes.loadUnaligned(fromByteOffset: offset &+ 1, as: UInt32.self).littleEndian)
      offset &+= 5
      return (id, value)
    }
  }

  /// `streamStart`.
  public func streamStart() throws(ProtocolError) -> StreamStart {
    try whole { (reader) throws(ProtocolError) in try StreamStart(from: &reader) }
  }

  /// `bench`.
  public func bench() throws(ProtocolError) -> BenchRequest {
    try whole { (reader) throws(ProtocolError) in try BenchRequest(from: &reader) }
  }

  /// Decodes a body that `decode` must read to its last byte.
  @inline(__always)
  func whole<T>(_ decode: (inout ByteReader) throws(ProtocolError) -> T) throws(ProtocolError) -> T {
    var reader = ByteReader(bytes)
    let value = try decode(&reader)
    try reader.finish()
    return value
  }

  /// `inject`: checks the length (1…16 samples), then the flags and every reading; returns
  /// the flags (bit 0 `resetFirst`, bit 1 `endSession`) and the number of samples,
  /// read with `sample(_:)`.
  public func checkInject() throws(ProtocolError) -> (flags: UInt8, count: Int) {
    guard let flags = bytes.first else { throw .badLength }
    let samples = (bytes.count &- 1) / 4
    guard (bytes.count &- 1) % 4 == 0, samples >= 1, samples <= InjectRequest.capacity else {
      throw .badLength
    }
    guard flags & ~3 == 0 else { throw .fieldOutOfRange(offset: 0, value: Int32(flags)) }
    for offset in stride(from: 1, to: bytes.count, by: 2) {
      let reading = u16(at: offset)
      guard reading <= 1023 else { throw .fieldOutOfRange(offset: UInt8(offset), value: Int32(reading)) }
    }
    return (flags, samples)
  }

  /// Sample `index` of a checked `inject` body.
  public func sample(_ index: Int) -> (left: UInt16, right: UInt16) {
    (u16(at: 1 &+ index &* 4), u16(at: 3 &+ index &* 4))
  }

  func u16(at offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset &+ 1]) << 8
  }

  /// Checks a parameter id received in a request.
  static func require(_ id: UInt8) throws(ProtocolError) -> ParameterID {
    guard let parameter = ParameterID(rawValue: id) else { throw .unknownParameter(id) }
    return parameter
  }
}

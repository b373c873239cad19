/// Every tunable setting of the engine: a plain value type with a fixed, versioned layout.
///
/// The stored layout is `ParameterID.count` little-endian `Int32`s in `ParameterID`
/// order (see `encode(into:)`), so the firmware can keep it in flash as it is and the
/// protocol can ship it whole. A value that is not valid (its own range or a relation
/// with the others, see `validate()`) is never stored: `set` and `setAll` change
/// nothing when they throw.
public struct Parameters: Equatable, Sendable {
  /// Version of the stored layout. Bump when a parameter is added or its meaning changes.
  public static let layoutVersion: UInt16 = 5

  /// A hash of the schema (names, ranges, defaults) so a host can tell whether its
  /// idea of the parameters matches the device's: FNV-1a over the table
  /// (`computedSchemaHash`), kept as a constant so the firmware carries 4 bytes
  /// instead of the loop. `ParametersTests` fails when the table changes and this does not.
  public static let schemaHash: UInt32 = 0x4CA7_68AE

  /// FNV-1a over each parameter's name, default, minimum and maximum, in id order.
  static var computedSchemaHash: UInt32 {
    var hash = FNV1a()
    let names = ParameterID.names.utf8Start
    var offset = 0
    for index in 0..<ParameterID.count {
      let id = ParameterID.at(index)!
      while names[offset] != 0 {
        hash.mix(names[offset])
        offset &+= 1
      }
      offset &+= 1
      hash.mix(id.defaultValue)
      hash.mix(id.min)
      hash.mix(id.max)
    }
    return hash.value
  }

  @usableFromInline
  var values:
    (
      Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
      Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
      Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
      Int32, Int32, Int32, Int32, Int32
    )

  public static func == (a: Parameters, b: Parameters) -> Bool {
    for index in 0..<ParameterID.count where a[ParameterID.at(index)!] != b[ParameterID.at(index)!] {
      return false
    }
    return true
  }

  /// The factory defaults (Docs/parameters.md).
  public static var defaults: Parameters { Parameters() }

  /// Creates the factory defaults. One out-of-line copy, in this module
  /// (`@export(interface)`): inlined, the loop kept two copies of the result on the
  /// caller's frame (the device's deepest stack path, at start-up).
  @export(interface) @inline(never) @_optimize(size)
  public init() {
    values = (
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )
    for index in 0..<ParameterID.count {
      let id = ParameterID.at(index)!
      store(id.defaultValue, at: id)
    }
  }

  /// The value of one parameter.
  @inlinable
  public subscript(id: ParameterID) -> Int32 {
    withUnsafeBytes(of: values) { $0.load(fromByteOffset: Int(id.rawValue) &* 4, as: Int32.self) }
  }

  @inlinable
  mutating func store(_ value: Int32, at id: ParameterID) {
    withUnsafeMutableBytes(of: &values) {
      $0.storeBytes(of: value, toByteOffset: Int(id.rawValue) &* 4, as: Int32.self)
    }
  }

  /// Sets one parameter after checking it against its range and every relation.
  /// On error nothing changes.
  public mutating func set(_ id: ParameterID, to value: Int32) throws(ParameterError) {
    var candidate = self
    candidate.store(value, at: id)
    try candidate.validate()
    self = candidate
  }

  /// Sets several parameters at once: all or nothing. The relations are checked on
  /// the result, so values that only fit together (say, raising both rest and boost)
  /// can be set in one batch. On error nothing changes.
  public mutating func set<Batch: Sequence>(_ batch: Batch) throws(ParameterError)
  where Batch.Element == (ParameterID, Int32) {
    var candidate = self
    for (id, value) in batch { candidate.store(value, at: id) }
    try candidate.validate()
    self = candidate
  }

  /// Checks every value against its range, then the relations between them.
  /// The first broken rule is thrown.
  @_optimize(size)
  public func validate() throws(ParameterError) {
    for index in 0..<ParameterID.count {
      let id = ParameterID.at(index)!
      let value = self[id]
      if value < id.min || value > id.max {
        throw ParameterError(parameter: id, value: value, rule: .outOfRange)
      }
    }
    for index in 0..<ParameterRule.relationCount {
      let rule = ParameterRule(rawValue: UInt8(index + 1))!
      if !rule.holds(self) { throw ParameterError(parameter: rule.subject, value: self[rule.subject], rule: rule) }
    }
  }

  // MARK: Typed accessors

  /// Frames per second.
  @inlinable public var sampleRateHz: Int32 { self[.sampleRateHz] }
  /// Direction technique.
  @inlinable public var technique: Technique { Technique(rawValue: self[.technique]) ?? .thumbRoll }
  /// Sensitivity setting.
  @inlinable public var sensitivity: Sensitivity { Sensitivity(rawValue: self[.sensitivity]) ?? .normal }
  /// What the USB HID interface sends (the Pico's).
  @inlinable public var hidMode: HIDMode { HIDMode(rawValue: self[.hidMode]) ?? .off }
}

extension Parameters {
  /// Bytes taken by `encode(into:)`.
  public static let encodedSize = ParameterID.count * 4

  /// Replaces every value at once: all or nothing. On error nothing changes.
  public mutating func replace(with candidate: Parameters) throws(ParameterError) {
    try candidate.validate()
    self = candidate
  }

  /// Writes the values as little-endian `Int32`s in `ParameterID` order.
  /// `buffer` must hold at least `encodedSize` bytes.
  public func encode(into buffer: UnsafeMutableRawBufferPointer) {
    precondition(buffer.count >= Parameters.encodedSize)
    for index in 0..<ParameterID.count {
      let bits = UInt32(bitPattern: self[ParameterID.at(index)!])
      for byte in 0..<4 {
        buffer[index &* 4 &+ byte] = UInt8(truncatingIfNeeded: bits >> UInt32(byte &* 8))
      }
    }
  }

  /// Calls `body` with the values in place, in `encode(into:)`'s layout: they are kept
  /// as little-endian `Int32`s in `ParameterID` order, so flash can be written from
  /// and read into them with no copy. Whatever `body` writes is not validated: call
  /// `validate()` before use.
  public mutating func withStoredLayout<R>(_ body: (UnsafeMutableRawBufferPointer) -> R) -> R {
    #if _endian(big)
      #error("the stored layout is little-endian")
    #endif
    return withUnsafeMutableBytes(of: &values) { body($0) }
  }

  /// Reads values written by `encode(into:)` without validating them; call
  /// `validate()` before use. Returns nil when `bytes` is too short.
  public init?(decoding bytes: UnsafeRawBufferPointer) {
    guard bytes.count >= Parameters.encodedSize else { return nil }
    self.init()
    for index in 0..<ParameterID.count {
      var bits: UInt32 = 0
      for byte in 0..<4 {
        bits |= UInt32(bytes[index &* 4 &+ byte]) << UInt32(byte &* 8)
      }
      store(Int32(bitPattern: bits), at: ParameterID.at(index)!)
    }
  }
}

import ForceEngine

/// A short UTF-8 string (at most 32 bytes) in inline storage: parameter names and
/// units, the board name. On the wire: a length byte, then the bytes.
public struct ShortText: Equatable, Sendable {
  /// Largest length.
  public static let capacity = 32

  var storage = Bytes32()
  /// Length in bytes.
  public private(set) var count: Int = 0

  /// The empty text.
  public init() {}

  /// The text of `string`, cut to `capacity` bytes.
  public init(_ string: StaticString) {
    self.init(UnsafeRawBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
  }

  /// The text of a table entry (a parameter's name or unit).
  public init(_ text: TableText) { self.init(text.bytes) }

  /// A copy of `bytes`, cut to `capacity` bytes.
  public init(_ bytes: UnsafeRawBufferPointer) {
    let length = Swift.min(bytes.count, ShortText.capacity)
    withUnsafeMutableBytes(of: &storage) { buffer in
      for index in 0..<length { buffer[index] = bytes[index] }
    }
    count = length
  }

  /// Calls `body` with the text's bytes.
  public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    var copy = storage
    let length = count
    return try withUnsafeBytes(of: &copy) { (buffer) throws(E) -> R in
      try body(UnsafeRawBufferPointer(rebasing: buffer[0..<length]))
    }
  }

  /// Whether the text equals `string` byte for byte.
  public func equals(_ string: StaticString) -> Bool {
    withBytes { bytes in
      guard string.utf8CodeUnitCount == bytes.count else { return false }
      for index in 0..<bytes.count where string.utf8Start[index] != bytes[index] { return false }
      return true
    }
  }

  /// Whether the text equals a table entry byte for byte.
  public func equals(_ text: TableText) -> Bool {
    withBytes { text.equals($0) }
  }

  /// Same bytes.
  public static func == (a: ShortText, b: ShortText) -> Bool {
    guard a.count == b.count else { return false }
    return a.withBytes { x in b.withBytes { y in prefixEqual(x, y, a.count) } }
  }

  public func encode<W: ByteSink>(into writer: inout W) throws(ProtocolError) {
    try writer.u8(UInt8(truncatingIfNeeded: count))
    try withBytes { (bytes) throws(ProtocolError) in try writer.bytes(bytes) }
  }

  static func decode(from reader: inout ByteReader) throws(ProtocolError) -> ShortText {
    let length = Int(try reader.u8())
    guard length <= capacity else { throw .badLength }
    return ShortText(try reader.bytes(length))
  }
}

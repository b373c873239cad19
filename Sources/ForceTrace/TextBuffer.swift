import ForceHostCore

/// A `TextSink` that keeps the bytes, for the host: what ForceHostCore's writers wrote,
/// as a String.
public struct TextBuffer: TextSink {
  /// The UTF-8 bytes written so far.
  public private(set) var bytes: [UInt8] = []

  /// An empty buffer.
  public init() {}

  public mutating func append(_ byte: UInt8) { bytes.append(byte) }

  /// The bytes as text.
  public var string: String { String(decoding: bytes, as: UTF8.self) }
}

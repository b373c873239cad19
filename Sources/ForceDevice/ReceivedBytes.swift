/// A running count of the bytes a link delivered, keeping the first few for messages.
struct ReceivedBytes {
  /// How many bytes arrived.
  private(set) var count = 0
  /// The first bytes (at most `kept`).
  private(set) var first: [UInt8] = []
  /// How many leading bytes are kept.
  static let kept = 8

  mutating func observe(_ bytes: ArraySlice<UInt8>) {
    count += bytes.count
    if first.count < Self.kept { first += bytes.prefix(Self.kept - first.count) }
  }
}

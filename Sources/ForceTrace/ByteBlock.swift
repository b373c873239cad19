import ForceHostCore

/// A block of bytes being written (`OutputFile`'s, between writes to its file): a
/// `TextSink` whose `append` is a store and a compare, so ForceHostCore's writers
/// (`CSVText`) fill it at the speed of the bytes. `TextBuffer` keeps its bytes in an
/// array for a text in memory; this one is reused block after block and must be
/// freed (`deallocate`) by its owner.
struct ByteBlock: TextSink {
  /// The bytes are `base[0..<count]`.
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  /// An empty block with room for `capacity` bytes before it grows.
  init(capacity: Int) {
    self.capacity = max(1, capacity)
    base = .allocate(capacity: self.capacity)
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity { grow() }
    base[count] = byte
    count &+= 1
  }

  /// Appends the `count` low bytes of `packed` (digits) with one store.
  @inline(__always)
  mutating func append(packed: UInt64, count: Int) {
    while capacity &- self.count < 8 { grow() }
    UnsafeMutableRawPointer(base + self.count).storeBytes(of: packed.littleEndian, as: UInt64.self)
    self.count &+= count
  }

  /// Appends a text's UTF-8, copied whole.
  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      guard let start = bytes.baseAddress else { return }
      while capacity &- count < bytes.count { grow() }
      (base + count).update(from: start, count: bytes.count)
      count &+= bytes.count
    }
  }

  /// The bytes written.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

  /// Forgets the bytes, keeping the memory.
  mutating func removeAll() { count = 0 }

  /// Frees the memory; the block is not used again.
  func deallocate() { base.deallocate() }

  private mutating func grow() {
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity &* 2)
    grown.update(from: base, count: count)
    base.deallocate()
    base = grown
    capacity &*= 2
  }
}

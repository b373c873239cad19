/// 32 bytes of inline storage (no allocation), zero-initialised.
struct Bytes32: Sendable {
  var raw: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
  init() {}
  static let capacity = 32
}

/// 64 bytes of inline storage.
struct Bytes64: Sendable {
  var raw = (Bytes32(), Bytes32())
  init() {}
  static let capacity = 64
}

/// 256 bytes of inline storage: one whole frame.
struct Bytes256: Sendable {
  var raw = (
    Bytes32(), Bytes32(), Bytes32(), Bytes32(), Bytes32(), Bytes32(), Bytes32(), Bytes32()
  )
  init() {}
  static let capacity = 256
}

/// Byte-wise equality of the first `count` bytes of two buffers.
func prefixEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, _ count: Int) -> Bool {
  for index in 0..<count where a[index] != b[index] { return false }
  return true
}

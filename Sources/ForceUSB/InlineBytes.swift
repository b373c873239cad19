/// 64 bytes of inline storage (one full-speed packet), without allocation.
struct Bytes64 {
  var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

  subscript(index: Int) -> UInt8 {
    get { withUnsafeBytes(of: words) { $0[index] } }
    set { withUnsafeMutableBytes(of: &words) { $0[index] = newValue } }
  }
}

/// 128 bytes of inline storage: the longest control reply (the 100-byte configuration).
struct Bytes128 {
  var halves = (Bytes64(), Bytes64())
}

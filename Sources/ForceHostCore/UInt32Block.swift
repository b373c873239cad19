/// 64 UInt32s of zero-initialised inline storage, for tables that may not allocate
/// (the page's module has no allocator).
struct UInt32Block {
  /// How many values it holds.
  static let count = 64

  var raw:
    (
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64, UInt64
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

  /// Value `index`, 0..<64.
  subscript(index: Int) -> UInt32 {
    get { withUnsafeBytes(of: raw) { $0.load(fromByteOffset: index &* 4, as: UInt32.self) } }
    set { withUnsafeMutableBytes(of: &raw) { $0.storeBytes(of: newValue, toByteOffset: index &* 4, as: UInt32.self) } }
  }
}

/// Writes little-endian bytes into a buffer, dropping what does not fit (a host may
/// ask for fewer bytes than a descriptor holds). `count` is what was written.
struct DescriptorWriter {
  let buffer: UnsafeMutableRawBufferPointer
  private(set) var count = 0

  init(_ buffer: UnsafeMutableRawBufferPointer) { self.buffer = buffer }

  mutating func byte(_ value: UInt8) {
    if count < buffer.count { buffer[count] = value }
    count += 1
  }

  mutating func word(_ value: UInt16) {
    byte(UInt8(truncatingIfNeeded: value))
    byte(UInt8(truncatingIfNeeded: value >> 8))
  }

  /// Bytes written, capped to the buffer.
  var written: Int { min(count, buffer.count) }

  /// An ASCII string as UTF-16LE code units.
  mutating func utf16(_ text: StaticString) {
    text.withUTF8Buffer { for unit in $0 { word(UInt16(unit)) } }
  }

  /// A 64-bit number as 16 upper-case hex digits, most significant first, in UTF-16LE.
  mutating func utf16(hex value: UInt64) {
    var shift: UInt64 = 64
    while shift > 0 {
      shift &-= 4
      let digit = UInt16(truncatingIfNeeded: value >> shift) & 0xF
      word(digit < 10 ? 0x30 + digit : 0x41 - 10 + digit)
    }
  }

  /// A decimal number as UTF-16LE code units.
  mutating func utf16(decimal value: UInt8) {
    if value >= 100 { word(0x30 + UInt16(value / 100)) }
    if value >= 10 { word(0x30 + UInt16(value / 10 % 10)) }
    word(0x30 + UInt16(value % 10))
  }
}

extension DescriptorWriter {
  /// Every byte of `value`, a tuple of `UInt8`s or of tuples of them (laid out
  /// without padding): one loop, where a call per byte would keep the callee's address
  /// in a register and spill it (an indirect call the stack analysis cannot follow).
  mutating func raw<T>(_ value: T) {
    withUnsafeBytes(of: value) { append($0) }
  }

  /// The bytes in order; not inlined, so each tuple's `raw` is only its bytes and a call.
  @inline(never)
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    for byte in bytes { self.byte(byte) }
  }

  mutating func bytes(_ v: (UInt8, UInt8, UInt8, UInt8)) {
    byte(v.0)
    byte(v.1)
    byte(v.2)
    byte(v.3)
  }

  mutating func bytes(_ v: (UInt8, UInt8, UInt8, UInt8, UInt8)) {
    bytes((v.0, v.1, v.2, v.3))
    byte(v.4)
  }

  mutating func bytes(_ v: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)) {
    bytes((v.0, v.1, v.2, v.3, v.4))
    bytes((v.5, v.6, v.7, v.8))
  }
}

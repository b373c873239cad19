/// Where the Embedded-clean host code writes its texts (CSV rows, messages, profile
/// files) one UTF-8 byte at a time: a growing byte array on the host (ForceTrace's
/// `TextBuffer`), a fixed area of memory in the page's wasm module (ForceWasm).
public protocol TextSink {
  /// Appends one byte of UTF-8.
  mutating func append(_ byte: UInt8)
  /// Appends the `count` (1...8) low bytes of `packed`, the lowest first: the digits
  /// the number writers pack. By default one `append` each; a sink in memory may
  /// store them at once.
  mutating func append(packed: UInt64, count: Int)
}

extension TextSink {
  /// Appends the `count` low bytes of `packed` one at a time.
  @inlinable
  public mutating func append(packed: UInt64, count: Int) {
    var rest = packed
    for _ in 0..<count {
      append(UInt8(truncatingIfNeeded: rest))
      rest >>= 8
    }
  }

  /// Appends a static text.
  @inlinable
  public mutating func write(_ text: StaticString) {
    let start = text.utf8Start
    for index in 0..<text.utf8CodeUnitCount { append(start[index]) }
  }

  /// Appends bytes.
  public mutating func write(bytes: UnsafeRawBufferPointer) {
    for byte in bytes { append(byte) }
  }

  /// Appends a whole number in decimal: -250 → "-250".
  @inlinable
  public mutating func write(_ number: Int) { write(Int64(number)) }

  /// Appends a 64-bit whole number in decimal.
  @inlinable
  public mutating func write(_ number: Int64) {
    if number < 0 { append(UInt8(ascii: "-")) }
    let magnitude = number.magnitude
    guard magnitude >= 100_000_000 else { return write(digits: magnitude, atLeast: 1) }
    let high = magnitude / 100_000_000
    if high >= 100_000_000 {
      write(digits: high / 100_000_000, atLeast: 1)
      write(digits: high % 100_000_000, atLeast: 8)
    } else {
      write(digits: high, atLeast: 1)
    }
    write(digits: magnitude % 100_000_000, atLeast: 8)
  }

  /// Appends `value` (below 10^8) in decimal with leading zeros up to `atLeast` (1 or
  /// 8) digits: the digits found last first, two at a time by divisions by 100 and 10
  /// (multiplies), packed a byte each into one register, the first digit lowest.
  @inlinable
  mutating func write(digits value: UInt64, atLeast: Int) {
    let zero = UInt64(UInt8(ascii: "0"))
    var rest = value
    var packed: UInt64 = 0
    var count = 0
    while rest >= 100 || count &+ 2 < atLeast {
      let pair = rest % 100
      rest /= 100
      packed = packed << 16 | (pair / 10 &+ zero) | (pair % 10 &+ zero) << 8
      count &+= 2
    }
    if rest >= 10 || count &+ 2 <= atLeast {
      packed = packed << 16 | (rest / 10 &+ zero) | (rest % 10 &+ zero) << 8
      count &+= 2
    } else {
      packed = packed << 8 | (rest &+ zero)
      count &+= 1
    }
    append(packed: packed, count: count)
  }

  /// Appends `value` in lower-case hex, with leading zeros up to `minimumDigits`:
  /// 0x3e → "3e", 9 → "9"; with 8 digits, 0x1234 → "00001234".
  public mutating func write(hex value: UInt32, minimumDigits: Int = 1) {
    let digits: StaticString = "0123456789abcdef"
    var count = 8
    while count > max(1, minimumDigits) && value >> UInt32(4 &* (count &- 1)) == 0 { count &-= 1 }
    while count > 0 {
      count &-= 1
      append(digits.utf8Start[Int(value >> UInt32(4 &* count) & 0xF)])
    }
  }

  /// Appends a 32-bit whole number in decimal.
  @inlinable
  public mutating func write(_ number: Int32) { write(Int(number)) }

  /// Appends `value` with one decimal place, rounded half away from zero: 20.25 → "20.3".
  public mutating func write(tenths value: Double) {
    let tenths = Int(Rounding.nearest(value * 10))
    if tenths < 0 { append(UInt8(ascii: "-")) }
    write(Int(tenths.magnitude / 10))
    append(UInt8(ascii: "."))
    append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tenths.magnitude % 10))
  }
}

/// Rounding that compiles to WebAssembly instructions, no C library call (`rounded()`
/// would call `round`, which the page's module does not have).
public enum Rounding {
  /// `value` rounded to the nearest whole number, halves away from zero: exactly
  /// `value.rounded()`.
  public static func nearest(_ value: Double) -> Double {
    let whole = value.rounded(.towardZero)
    let rest = value - whole
    if rest >= 0.5 { return whole + 1 }
    if rest <= -0.5 { return whole - 1 }
    return whole
  }
}

import ForceEngine

/// Parameters as text: `NAME=VALUE`, a name, a value (a whole number, or a symbol such as
/// `pulse` or `firm` for `technique` and `sensitivity`). `forcectl` (`--set`, `params
/// set`, ForceTrace's `ParameterText`) and both forms of parameter file read through
/// here; the refusals are a `ParameterTextError`.
public enum ParameterSyntax {
  /// Parses `NAME=VALUE` (UTF-8): the name and the value are trimmed of spaces.
  public static func parse(_ bytes: UnsafeRawBufferPointer) throws(ParameterTextError) -> (ParameterID, Int32) {
    guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else {
      throw ParameterTextError(problem: .notAssignment, text: excerpt(bytes))
    }
    let id = try id(named: excerpt(trimmed(bytes, 0, equals, tabs: false)))
    var value = ParameterValueText()
    for byte in trimmed(bytes, equals &+ 1, bytes.count, tabs: false) { value.append(byte) }
    return (id, try value.value(for: id))
  }

  /// The parameter called `name`.
  public static func id(named name: TextExcerpt) throws(ParameterTextError) -> ParameterID {
    guard let id = known(name) else { throw ParameterTextError(problem: .unknownName, text: name) }
    return id
  }

  /// The parameter called `name`, if any.
  static func known(_ name: TextExcerpt) -> ParameterID? {
    guard name.scalarCount <= TextExcerpt.limit else { return nil }
    return name.withBytes { ParameterID.named($0) }
  }

  /// Writes a value as text: the symbol for enum parameters, the number otherwise.
  public static func writeValue<Sink: TextSink>(_ value: Int32, of id: ParameterID, to sink: inout Sink) {
    if let symbol = id.symbol(for: value) { sink.write(symbol) } else { sink.write(value) }
  }

  /// `bytes[start..<end]` without the spaces (and, with `tabs`, the tabs) at either end.
  static func trimmed(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, tabs: Bool) -> UnsafeRawBufferPointer {
    func blank(_ byte: UInt8) -> Bool { byte == 0x20 || (tabs && byte == 0x09) }
    var start = start
    var end = end
    while start < end && blank(bytes[start]) { start &+= 1 }
    while end > start && blank(bytes[end &- 1]) { end &-= 1 }
    return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
  }

  /// The start of `bytes` for a message, and for a name's look-up.
  static func excerpt(_ bytes: UnsafeRawBufferPointer) -> TextExcerpt {
    var excerpt = TextExcerpt()
    for byte in bytes { excerpt.append(byte) }
    return excerpt
  }
}

/// A value as text, fed one UTF-8 byte at a time: read as `Int32(text)` would read it,
/// or as a symbol.
public struct ParameterValueText {
  var number = WholeNumber()
  /// The text, for the message (and the symbol, which is short).
  public private(set) var text = TextExcerpt()

  /// No text yet.
  public init() {}

  /// Appends a byte of the text.
  public mutating func append(_ byte: UInt8) {
    number.append(byte)
    text.append(byte)
  }

  /// The value for `id`: a whole number within 32 bits, or one of its symbols.
  public func value(for id: ParameterID) throws(ParameterTextError) -> Int32 {
    if let whole = number.value, whole >= Int64(Int32.min) && whole <= Int64(Int32.max) { return Int32(whole) }
    if text.scalarCount <= TextExcerpt.limit, let symbolic = text.withBytes({ id.value(forSymbol: $0) }) {
      return symbolic
    }
    // A parameter whose values have names: the text is none of them.
    if id.symbol(for: id.info.min) != nil { throw ParameterTextError(problem: .notOneOf(id), text: text) }
    if !number.invalid && number.digits > 0 { throw ParameterTextError(problem: .outOfRange(id), text: text) }
    throw ParameterTextError(problem: .notWhole(id), text: text)
  }
}

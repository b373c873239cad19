/// Blocking text output on the UART, for the bench images (Tools/bench-softfloat,
/// Tools/bench-cycles), which have nothing else to do.
struct UARTText {
  var board: MicrobitBoard<ADC>

  mutating func write(_ text: StaticString) {
    for index in 0..<text.utf8CodeUnitCount { put(text.utf8Start[index]) }
  }

  mutating func write(_ value: UInt32) {
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[count] = 48 &+ UInt8(rest % 10)
        rest /= 10
        count &+= 1
      } while rest > 0
      while count > 0 {
        count &-= 1
        put(buffer[count])
      }
    }
  }

  /// ` NAME=VALUE`, a field of a result line (`name` with its leading space and `=`).
  mutating func field(_ name: StaticString, _ value: UInt32) {
    write(name)
    write(value)
  }

  mutating func put(_ byte: UInt8) {
    while !board.serialWrite(byte) {}
  }
}

/// CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no
/// final XOR. The check value (CRC of ASCII "123456789") is 0x29B1.
///
/// Bitwise, table-free: frames are short and the table would cost 512 bytes of flash.
public struct CRC16: Sendable {
  /// The CRC of everything fed so far.
  public private(set) var value: UInt16 = 0xFFFF

  /// Starts a new CRC.
  public init() {}

  /// Feeds one byte.
  public mutating func update(_ byte: UInt8) {
    var crc = value ^ (UInt16(byte) << 8)
    for _ in 0..<8 {
      crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1
    }
    value = crc
  }

  /// Feeds every byte of `bytes`.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    for byte in bytes { update(byte) }
  }

  /// The CRC of `bytes`.
  public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt16 {
    var crc = CRC16()
    crc.update(bytes)
    return crc.value
  }
}

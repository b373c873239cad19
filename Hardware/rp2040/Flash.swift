/// The QSPI flash, read through execute-in-place at 0x1000_0000 and erased and
/// programmed through the boot ROM's routines, from RAM (flash.c), where its unique
/// ID is read too. Erase works on 4 KB sectors, program on 256-byte pages; program
/// only clears bits.
public enum Flash {
  /// XIP window of the flash.
  public static let xipBase: UInt32 = 0x1000_0000
  /// Erase granularity.
  public static let sectorSize: UInt32 = 4096

  /// Erases the 4 KB sector at flash offset `offset` (a multiple of 4096).
  public static func eraseSector(at offset: UInt32) {
    precondition(offset & (sectorSize - 1) == 0, "sector-aligned only")
    rp2040_flash_erase(offset, sectorSize)
  }

  /// Programs `bytes` at flash offset `offset`. The bytes must be erased (0xFF).
  public static func program(at offset: UInt32, _ bytes: UnsafeRawBufferPointer) {
    guard let start = bytes.baseAddress, bytes.count > 0 else { return }
    rp2040_flash_write(offset, start, UInt32(bytes.count))
  }

  /// The flash chip's 64-bit unique ID (command 4Bh, sent from RAM with the flash out
  /// of XIP, as an erase is), its first byte in the top eight bits: the boot ROM's
  /// USB serial number in BOOTSEL mode. Takes a few microseconds with interrupts
  /// masked; read once at boot.
  public static func uniqueID() -> UInt64 { rp2040_flash_unique_id() }

  /// Reads `buffer.count` bytes at flash offset `offset` (volatile, so ordered
  /// after a program).
  public static func read(at offset: UInt32, into buffer: UnsafeMutableRawBufferPointer) {
    var index = 0
    while index < buffer.count {
      buffer[index] = MMIO.readByte(xipBase + offset + UInt32(index))
      index += 1
    }
  }
}

@_silgen_name("rp2040_flash_erase")
func rp2040_flash_erase(_ offset: UInt32, _ count: UInt32)

@_silgen_name("rp2040_flash_write")
func rp2040_flash_write(_ offset: UInt32, _ source: UnsafeRawPointer, _ count: UInt32)

@_silgen_name("rp2040_flash_unique_id")
func rp2040_flash_unique_id() -> UInt64

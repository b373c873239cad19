/// SYSINFO (0x4000_0000): CHIP_ID names the manufacturer, the part and its silicon
/// revision.
public enum SysInfo {
  static let CHIP_ID: UInt32 = 0x4000_0000

  /// CHIP_ID.REVISION (bits 31:28): 1 on RP2040 B0 and B1, 2 on B2 (as the Pico SDK's
  /// `rp2040_chip_version` reads it). Erratum RP2040-E5 (USB enumeration) is B0/B1's.
  public static func revision() -> UInt32 { MMIO.read(CHIP_ID) >> 28 }
}

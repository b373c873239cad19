/// The ForcePicker release: the version the firmware reports in its handshake
/// (`DeviceInfo.firmwareMajor/Minor/Patch`) and `forcectl --version` prints. The one
/// place it is written.
public enum ReleaseVersion {
  /// Major version.
  public static let major: UInt8 = 0
  /// Minor version.
  public static let minor: UInt8 = 1
  /// Patch version.
  public static let patch: UInt8 = 0
}

import ForceProtocol

extension DeviceInfo {
  /// The firmware version as text, "MAJOR.MINOR.PATCH".
  public var firmwareVersion: String { "\(firmwareMajor).\(firmwareMinor).\(firmwarePatch)" }

  /// One line for the user: board, firmware, protocol, where the parameters came from.
  public var summary: String {
    let source: String
    switch parameterSource {
    case .flash: source = "parameters from flash"
    case .defaultsBlankFlash: source = "factory defaults (flash blank)"
    case .defaultsCorruptFlash: source = "factory defaults (flash record invalid)"
    case .defaultsNoFlash: source = "factory defaults (no flash)"
    case .flashOlderRecord: source = "parameters from flash, older record (the last save was lost)"
    }
    return
      "\(board.withBytes { String(decoding: $0, as: UTF8.self) }) firmware \(firmwareVersion), protocol \(protocolVersion), \(source)"
  }
}

extension ReleaseVersion {
  /// "MAJOR.MINOR.PATCH": what `forcectl --version` prints and a flashed board must report.
  public static var text: String { "\(major).\(minor).\(patch)" }
}

import ForceProtocol

extension DeviceInfo {
  /// The firmware version as text, "MAJOR.MINOR.PATCH".
  public var firmwareVersion: String { "\(firmwareMajor).\(firmwareMinor).\(firmwarePatch)" }

  /// `cpuDuty` in percent, two decimals: "1.25" (0: not measured).
  public var cpuDutyPercent: String {
    let hundredths = Int(cpuDuty)
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

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

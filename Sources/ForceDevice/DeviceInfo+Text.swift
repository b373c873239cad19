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
    return
      "\(board.withBytes { String(decoding: $0, as: UTF8.self) }) firmware \(firmwareVersion), protocol \(protocolVersion), \(parameterSource.text)"
  }
}

extension ReleaseVersion {
  /// "MAJOR.MINOR.PATCH": what `forcectl --version` prints and a flashed board must report.
  public static var text: String { "\(major).\(minor).\(patch)" }
}

import ForceProtocol

extension DeviceInfo {
  /// The board's name as text ("pico", "microbit", "sitl").
  public var boardName: String { board.withBytes { String(decoding: $0, as: UTF8.self) } }

  /// The firmware version as text, "MAJOR.MINOR.PATCH".
  public var firmwareVersion: String { "\(firmwareMajor).\(firmwareMinor).\(firmwarePatch)" }

  /// `cpuDuty` in percent, two decimals: "1.25" (0: not measured).
  public var cpuDutyPercent: String {
    let hundredths = Int(cpuDuty)
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// The supply for the user: "3.02 V", with a warning when it is low
  /// ("2.41 V, LOW: …"), or "not measured".
  public var supplyText: String {
    guard supplyMillivolts != 0 else { return "not measured" }
    let millivolts = Int(supplyMillivolts)
    let volts = "\(millivolts / 1000).\(String(millivolts % 1000 / 10 + 100).dropFirst()) V"
    guard supplyIsLow else { return volts }
    return "\(volts), LOW: below 2.5 V the readings may be off; replace the batteries"
  }

  /// The boot faults in words, lowest bit first (empty: none); an unknown bit as
  /// "boot fault bit N".
  public var bootFaultNames: [String] {
    (0..<16).filter { bootFaults.rawValue & 1 << $0 != 0 }.map { bit in
      BootFaults.name(ofBit: bit).map { "\($0)" } ?? "boot fault bit \(bit)"
    }
  }

  /// `chipRevision` for the user: "not read", or the revision with the silicon it
  /// means on a Pico ("revision 2 (RP2040 B2)"; revision 1 names the USB erratum it
  /// has, which the firmware does not work around).
  public var chipRevisionText: String {
    guard chipRevision != 0 else { return "not read" }
    let pico = boardName == "pico"
    switch (pico, chipRevision) {
    case (true, 1): return "revision 1 (RP2040 B0 or B1; USB erratum E5 not worked around, Docs/usb.md)"
    case (true, 2): return "revision 2 (RP2040 B2)"
    default: return "revision \(chipRevision)"
    }
  }

  /// One line for the user: board, firmware, protocol, where the parameters came from.
  public var summary: String {
    return
      "\(boardName) firmware \(firmwareVersion), protocol \(protocolVersion), \(parameterSource.text)"
  }
}

extension ReleaseVersion {
  /// "MAJOR.MINOR.PATCH": what `forcectl --version` prints and a flashed board must report.
  public static var text: String { "\(major).\(minor).\(patch)" }
}

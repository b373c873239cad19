/// The board whose converter reads the two dividers (Hardware/wiring.md): how a pin
/// level becomes the 10-bit reading the engine gets.
public enum SensorBoard: String, CaseIterable, Equatable, Sendable {
  /// micro:bit v1 (nRF51): a 10-bit conversion, counts = round(1023 · V/VDD + noise),
  /// clamped to 0…1023 (Hardware/nrf51/ADC.swift).
  case microbit
  /// Raspberry Pi Pico (RP2040): a 12-bit conversion, 4095 · V/3V3 + noise, with the
  /// wide codes of erratum RP2040-E11, rounded to 10 bits as the firmware does,
  /// min((x + 2) >> 2, 1023) (Hardware/rp2040/ADC.swift).
  case pico

  /// `microbit`, `pico`.
  public static var allNames: [String] { allCases.map(\.rawValue) }

  /// The board called `name` (any case); the error names the closest one and lists all.
  public static func named(_ name: String) throws(SensorError) -> SensorBoard {
    if let board = SensorBoard(rawValue: name.lowercased()) { return board }
    throw SensorError.unknown("board", name, among: allNames)
  }

  /// The 12-bit codes the RP2040's ADC makes wide. Source: RP2040 datasheet, errata
  /// RP2040-E11 (ADC differential non-linearity at 512, 1536, 2560 and 3584).
  public static let e11Codes: [Double] = [512, 1536, 2560, 3584]
  /// How wide each of those codes is modelled, in 12-bit LSB (a normal code is 1).
  /// Chosen: a few LSB, so the 10-bit reading holding it is about twice as wide.
  public static let e11WideCodeLSB = 6.0
  /// How far either side of a wide code its neighbours are squeezed to make room, LSB;
  /// beyond it the transfer is exact. Chosen: the error stays within a band of ±10 LSB.
  public static let e11BandLSB = 10.0

  /// The reading for a pin `level` on the 10-bit scale (1023 · V/Vref, 0…1023) with
  /// input noise `noise` in the same counts.
  func reading(level: Double, noise: Double) -> UInt16 {
    switch self {
    case .microbit:
      return UInt16(Swift.min(1023, Swift.max(0, (level + noise).rounded(.toNearestOrAwayFromZero))))
    case .pico:
      let scale = 4095.0 / 1023
      let input = SensorBoard.e11(level * scale + noise * scale)
      let code = UInt16(Swift.min(4095, Swift.max(0, input.rounded(.toNearestOrAwayFromZero))))
      return Swift.min((code + 2) >> 2, 1023)
    }
  }

  /// The RP2040's transfer near its wide codes, on the 12-bit input scale: within
  /// `e11WideCodeLSB`/2 of a wide code the input maps onto that code; between there and
  /// `e11BandLSB` the neighbouring codes are squeezed linearly; elsewhere unchanged.
  static func e11(_ x: Double) -> Double {
    for code in e11Codes where abs(x - code) < e11BandLSB {
      let half = e11WideCodeLSB / 2
      let offset = x - code
      if abs(offset) < half { return code }
      // [half, band) onto [0.5, band): the codes between the wide one and the band's edge.
      let squeezed = 0.5 + (abs(offset) - half) * (e11BandLSB - 0.5) / (e11BandLSB - half)
      return offset < 0 ? code - squeezed : code + squeezed
    }
    return x
  }
}

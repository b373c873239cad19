import ForceFirmware

/// The board whose converter reads the two dividers (Hardware/wiring.md): how a pin
/// level becomes the 10-bit reading the engine gets.
public enum SensorBoard: String, CaseIterable, Equatable, Sendable {
  /// micro:bit v1 (nRF51): a 10-bit conversion, counts = round(1023 · V/VDD + noise),
  /// clamped to 0…1023 (Hardware/nrf51/ADC.swift).
  case microbit
  /// Raspberry Pi Pico (RP2040): a 12-bit conversion, 4095 · V/3V3 + noise, with the
  /// wide codes of erratum RP2040-E11, read as the firmware reads it: corrected and
  /// rounded to 10 bits (`E11Correction`).
  case pico
  /// The same Pico read without the firmware's correction: the 12-bit code only
  /// rounded to 10 bits (`tenBits(_:)`), so the wide codes' force step shows.
  case picoUncorrected = "pico-uncorrected"

  /// `microbit`, `pico`, `pico-uncorrected`.
  public static var allNames: [String] { allCases.map(\.rawValue) }

  /// The boards as the firmware reads them: every case but `picoUncorrected`, which
  /// shows what the firmware's correction removes and is no build of it.
  public static var firmwareBoards: [SensorBoard] { allCases.filter { $0 != .picoUncorrected } }

  /// The board called `name` (any case); the error names the closest one and lists all.
  public static func named(_ name: String) throws(SensorError) -> SensorBoard {
    if let board = SensorBoard(rawValue: name.lowercased()) { return board }
    throw SensorError.unknown("board", name, among: allNames)
  }

  /// The 12-bit codes the RP2040's ADC makes wide. Source: RP2040 datasheet, errata
  /// RP2040-E11 (ADC differential non-linearity at 512, 1536, 2560 and 3584).
  public static let e11Codes: [Double] = [512, 1536, 2560, 3584]
  /// How wide each of those codes is, in 12-bit input LSB (a normal code is 1): a
  /// DNL of 9. Published measurements: Mark Omo's characterisation of the Pico's ADC
  /// (peak DNL 8.9 LSB) and kitanokitsune's rp2040adc_correction (five Picos: the
  /// error drops by 9 to 10 LSB across each of the four codes).
  public static let e11WideCodeLSB = 10.0

  /// The pull-up the firmware switches on a cell's pin for the probe, Ω: the nRF51's
  /// 13 kΩ (11–16 kΩ; nRF51822 product specification, GPIO) and the RP2040's 65 kΩ,
  /// the middle of its 50–80 kΩ (RP2040 datasheet, pad electrical specifications).
  public var pullUpOhms: Double {
    switch self {
    case .microbit: 13_000
    case .pico, .picoUncorrected: 65_000
    }
  }

  /// The reading for a pin `level` on the 10-bit scale (1023 · V/Vref, 0…1023) with
  /// input noise `noise` in the same counts.
  func reading(level: Double, noise: Double) -> UInt16 {
    switch self {
    case .microbit:
      return UInt16(Swift.min(1023, Swift.max(0, (level + noise).rounded(.toNearestOrAwayFromZero))))
    case .pico:
      return E11Correction.tenBits(SensorBoard.picoCode(level: level, noise: noise))
    case .picoUncorrected:
      return SensorBoard.tenBits(SensorBoard.picoCode(level: level, noise: noise))
    }
  }

  /// A 12-bit `code` read as a 10-bit reading by plain rounding, (code + 2) >> 2,
  /// clamped to 1023: the Pico without the E11 correction (`picoUncorrected`), and
  /// a converter without the erratum when `code` is the exact conversion.
  static func tenBits(_ code: UInt16) -> UInt16 {
    Swift.min((code + 2) >> 2, 1023)
  }

  /// The Pico's 12-bit conversion of a pin `level` (10-bit scale) with `noise`, E11
  /// and all, before the firmware reads it (`E11Correction`).
  static func picoCode(level: Double, noise: Double) -> UInt16 {
    let scale = 4095.0 / 1023
    let input = SensorBoard.e11(level * scale + noise * scale)
    return UInt16(Swift.min(4095, Swift.max(0, input.rounded(.toNearestOrAwayFromZero))))
  }

  /// The RP2040's transfer on the 12-bit input scale, the published error curve:
  /// within `e11WideCodeLSB`/2 of a wide code the input reads as that code; from
  /// there to half-way to the next wide code the codes are narrower by the same
  /// share, so the error (output − input) is a sawtooth about zero, −4.5 LSB just
  /// above a wide code, 0 half-way, +4.5 just below the next. Its gain and offset
  /// errors, which calibration absorbs, are left out.
  static func e11(_ x: Double) -> Double {
    let period = 1024.0
    let half = e11WideCodeLSB / 2
    let index = Swift.min(3, Swift.max(0, ((x - 512) / period).rounded()))
    let code = 512 + period * index
    let offset = x - code
    if abs(offset) < half { return code }
    // [half, period/2] onto [0.5, period/2]: the codes up to half-way, a little narrow.
    let slope = (period / 2 - 0.5) / (period / 2 - half)
    let out = 0.5 + (abs(offset) - half) * slope
    return offset < 0 ? code - out : code + out
  }
}

import ForceFirmware
import Testing

/// `E11Correction`, the Pico's 12-bit conversions as 10-bit readings.
@Suite struct E11CorrectionTests {
  static let readings = (0...4095).map { Int(E11Correction.tenBits(UInt16($0))) }

  /// Monotonic, one count at a time, every reading from 0 to 1023 reachable: the
  /// Pico emulator serves a 10-bit reading as a 12-bit code that gives it back.
  @Test func everyReadingOnceInOrder() {
    let steps = zip(Self.readings, Self.readings.dropFirst()).map { $1 - $0 }
    #expect(steps.allSatisfy { $0 == 0 || $0 == 1 })
    #expect(Self.readings.first == 0 && Self.readings.last == 1023)
  }

  /// The readings' fingerprint, Σ (code + 1) · reading over every code. The Pico
  /// emulator harness (Tests/Emulators/pico-emulator.py) keeps a Python copy of the
  /// function to serve each 10-bit reading as a code that gives it back, and asserts
  /// the same number when it starts: change both together.
  @Test func theEmulatorsCopyAgrees() {
    #expect(Self.readings.enumerated().reduce(0) { $0 + ($1.offset + 1) * $1.element } == 5_727_082_001)
  }

  /// Half-way between wide codes nothing moves: the plain rounding (x + 2) >> 2.
  @Test(arguments: [0, 1024, 2048, 3072] as [Int])
  func halfWayIsPlainRounding(code: Int) {
    #expect(Self.readings[code] == (code + 2) >> 2)
  }

  /// Around a wide code its neighbours move out by about 4.5 LSB (a 10-bit count).
  @Test(arguments: [512, 1536, 2560, 3584] as [Int])
  func theWideCodesNeighboursMoveOut(code: Int) {
    #expect(Self.readings[code] == code >> 2)
    #expect(Self.readings[code - 1] == code >> 2 - 1)
    #expect(Self.readings[code + 1] == code >> 2 + 1)
    // The bits above 12 are ignored (the driver masks them too).
    #expect(E11Correction.tenBits(UInt16(code) | 0xF000) == UInt16(Self.readings[code]))
  }
}

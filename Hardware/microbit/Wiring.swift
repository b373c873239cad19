/// What the micro:bit v1 wires to the nRF51822's peripherals (Hardware/nrf51): the
/// drivers take their pins, inputs and flash pages from here.
extension UART {
  /// The pins wired to the micro:bit's interface chip (its USB serial port).
  static let pinTX: UInt32 = 24  // P0.24
  static let pinRX: UInt32 = 25  // P0.25
}

extension ADC {
  /// micro:bit edge P0 = P0.03 = AIN4 (left cell); P1 = P0.02 = AIN3 (right cell).
  static let configLeft = config(ain: 4)
  static let configRight = config(ain: 3)
  /// Their pins, for the probe's pull-ups.
  static let pinLeft: UInt32 = 3
  static let pinRight: UInt32 = 2
}

extension NVMC {
  /// Parameter pages: the last two 1 KB pages of the 256 KB flash. The linker
  /// script (microbit.ld, region PARAMS) keeps code and data out of them.
  static let paramPages: UInt32 = 2
  static let paramsBase: UInt32 = 0x0004_0000 - paramPages * pageSize  // 0x3F800
}

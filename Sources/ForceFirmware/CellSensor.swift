/// The two force cells, read through the board's ADC.
public protocol CellSensor {
  /// True when the board has real force cells (false in QEMU and SITL without a script).
  var hasADC: Bool { get }
  /// Samples both FSR cells, 10-bit each (0...1023).
  mutating func readCells() -> (left: UInt16, right: UInt16)
}

/// The two force cells, read through the board's ADC.
public protocol CellSensor {
  /// True when the board has real force cells (false in QEMU and SITL without a script).
  var hasADC: Bool { get }
  /// Samples both FSR cells, 10-bit each (0...1023).
  mutating func readCells() -> (left: UInt16, right: UInt16)
  /// Switches both cells' internal pull-ups on or off (the probe, Docs/sensor-faults.md):
  /// on for the one frame after which the engine asks (`ForceEngine.pullUpsNext`).
  mutating func setCellPullUps(_ on: Bool)
}

extension CellSensor {
  /// A board that cannot switch a pull-up on its cell pins: its probes read the pins as
  /// they are, which the engine takes for connected ones.
  public mutating func setCellPullUps(_ on: Bool) {}
}

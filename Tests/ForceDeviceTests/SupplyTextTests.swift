import ForceDevice
import ForceProtocol
import Testing

/// How `forcectl info` words the supply the device measured.
@Suite struct SupplyTextTests {
  static func info(_ millivolts: UInt16) -> DeviceInfo {
    var info = DeviceInfo()
    info.supplyMillivolts = millivolts
    return info
  }

  @Test func theSupplyInVoltsWithAWarningWhenLow() {
    #expect(Self.info(0).supplyText == "not measured")
    #expect(Self.info(3_007).supplyText == "3.00 V")
    #expect(Self.info(2_500).supplyText == "2.50 V")
    #expect(
      Self.info(2_413).supplyText == "2.41 V, LOW: below 2.5 V the readings may be off; replace the batteries")
  }
}

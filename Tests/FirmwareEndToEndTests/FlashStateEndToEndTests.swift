import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTestSupport
import Foundation
import Testing

/// What the device says about its parameter flash.
@Suite(.serialized) struct FlashStateEndToEndTests {
  /// Two saves, then the newest record damaged: the older one loads, and both the
  /// handshake and `paramLoad` say the last save was lost.
  @Test(DeviceUnderTest.needs(.sitl)) func aDamagedNewestRecordFallsBackToTheOlderAndSaysSo() throws {
    let flash = TestScratch.file("older.flash")
    do {
      let device = try DeviceUnderTest(.sitl, flash: flash)
      let client = try device.connect()
      _ = try client.request(.paramSet(ParamValue(.restThreshold, 240)))
      _ = try client.request(.paramSave)  // slot 0, record 1
      _ = try client.request(.paramSet(ParamValue(.restThreshold, 260)))
      _ = try client.request(.paramSave)  // slot 1, record 2
      client.close()
      device.stop()
    }
    var bytes = [UInt8](try Data(contentsOf: flash))
    bytes[20 + 1024 + 40] ^= 0x10  // a payload bit of the newest record (slot 1), after the file's header
    try Data(bytes).write(to: flash)

    let device = try DeviceUnderTest(.sitl, flash: flash)
    let client = try device.connect()
    defer { client.close() }
    #expect(client.info?.parameterSource == .flashOlderRecord)
    #expect(client.info?.summary.contains("the last save was lost") == true)
    #expect(
      try client.request(.paramGet(id: ParameterID.restThreshold.rawValue))
        == .paramValue(ParamValue(.restThreshold, 240)))
    #expect(try client.request(.paramLoad) == .paramLoaded(ParamLoaded(source: .flashOlderRecord)))
    // A new save replaces the damaged record: from then on a clean load.
    _ = try client.request(.paramSave)
    #expect(try client.request(.paramLoad) == .paramLoaded(ParamLoaded(source: .flash)))
  }

  /// SITL: a second client replaces the first, whose connection is closed.
  @Test(DeviceUnderTest.needs(.sitl)) func aSecondSITLClientReplacesTheFirst() throws {
    let device = try DeviceUnderTest(.sitl)
    let first = try device.connect()
    defer { first.close() }
    let second = try device.connect()
    defer { second.close() }
    #expect(try second.request(.paramGet(id: 4)) == .paramValue(ParamValue(id: 4, value: 205)))
    var buffer = [UInt8](repeating: 0, count: 64)
    #expect(throws: (any Error).self) {
      try first.transport.write([0x00])
      _ = try first.transport.read(into: &buffer, timeout: .milliseconds(300))
      _ = try first.transport.read(into: &buffer, timeout: .milliseconds(300))
    }
  }
}

import ForceTestSupport
import ForceUSB
import Testing

/// The HID interface as Linux's `usbhid` binds to it: SET_IDLE, the HID and report
/// descriptors read from the interface, GET_REPORT, and input reports on 0x83. The
/// report descriptor is decoded by ForceTestSupport's `HIDItemParser`, written from HID
/// 1.11 §6.2.2, not from the firmware's table.
struct HIDTests {
  static func configured() -> ScriptedHost {
    let host = ScriptedHost()
    #expect(host.enumerateLikeLinux())
    return host
  }

  static func hidSetup(_ type: UInt8, _ request: UInt8, value: UInt16 = 0, length: UInt16 = 0) -> SetupPacket {
    SetupPacket(requestType: type, request: request, value: value, index: 2, length: length)
  }

  @Test func usbhidBindsSetIdleThenTheReportDescriptor() throws {
    let host = Self.configured()
    #expect(host.control(Self.hidSetup(0x21, 0x0A)) == .data([]))  // SET_IDLE 0: reports only on change
    guard case .data(let hid) = host.control(Self.hidSetup(0x81, 6, value: 0x2100, length: 9)) else {
      Issue.record("HID descriptor stalled")
      return
    }
    #expect(hid == [9, 0x21, 0x11, 0x01, 0, 1, 0x22, UInt8(HIDReports.descriptorLength), 0])
    // usbhid asks for exactly wDescriptorLength; a longer request gets the same bytes.
    for length in [UInt16(HIDReports.descriptorLength), 255] {
      guard case .data(let bytes) = host.control(Self.hidSetup(0x81, 6, value: 0x2200, length: length)) else {
        Issue.record("report descriptor stalled")
        return
      }
      #expect(bytes.count == HIDReports.descriptorLength)
    }
    #expect(host.control(Self.hidSetup(0x81, 6, value: 0x2300, length: 9)) == .stalled)  // no physical descriptor
  }

  @Test func theReportDescriptorDeclaresAKeyboardAWheelConsumerControlAndAnAxis() throws {
    let host = Self.configured()
    guard case .data(let bytes) = host.control(Self.hidSetup(0x81, 6, value: 0x2200, length: 255)) else {
      Issue.record("report descriptor stalled")
      return
    }
    let parsed = try #require(HIDItemParser.parse(bytes))
    #expect(parsed.applications.map(\.usage) == [0x0001_0006, 0x0001_0002, 0x000C_0001, 0x0001_0004])
    #expect(parsed.applications.map(\.reportID) == [1, 2, 3, 4])
    // Each report is the ID and one byte of fields, the axis's two.
    for id: UInt8 in [1, 2, 3] { #expect(parsed.inputBits(id) == 8, "report \(id)") }
    #expect(parsed.inputBits(4) == 16)
    let key = try #require(parsed.inputs.first { $0.reportID == 1 })
    #expect(!key.variable && key.usageMinimum == 0x0007_0000 && key.usageMaximum == 0x0007_0065)
    #expect(key.logicalMinimum == 0 && key.logicalMaximum == 0x65 && key.size == 8 && key.count == 1)
    let wheel = try #require(parsed.inputs.first { $0.reportID == 2 })
    #expect(wheel.variable && wheel.relative && wheel.usages == [0x0001_0038])
    #expect(wheel.logicalMinimum == -127 && wheel.logicalMaximum == 127 && wheel.size == 8)
    let volume = try #require(parsed.inputs.first { $0.reportID == 3 && !$0.constant })
    #expect(volume.variable && !volume.relative && volume.usages == [0x000C_00E9, 0x000C_00EA])
    #expect(volume.size == 1 && volume.count == 2 && volume.logicalMaximum == 1)
    // The wheel's Resolution Multiplier: a 2-bit feature of report 2, 0 or 1 standing for 1 or 8.
    let multiplier = try #require(parsed.features.first { $0.reportID == 2 && !$0.constant })
    #expect(multiplier.usages == [0x0001_0048] && multiplier.variable && multiplier.size == 2)
    #expect(multiplier.logicalMinimum == 0 && multiplier.logicalMaximum == 1)
    #expect(multiplier.physicalMinimum == 1 && multiplier.physicalMaximum == Int32(HIDReports.wheelMultiplier))
    #expect(parsed.featureBits(2) == 8)
    #expect(wheel.physicalMinimum == 0 && wheel.physicalMaximum == 0)  // no physical scale of its own
    let axis = try #require(parsed.inputs.first { $0.reportID == 4 })
    #expect(axis.variable && !axis.relative && axis.usages == [0x0001_0030])
    #expect(axis.logicalMinimum == 0 && axis.logicalMaximum == 32767 && axis.size == 16 && axis.count == 1)
  }

  @Test func getReportIdleAndProtocolAnswerAsAHostExpects() {
    let host = Self.configured()
    #expect(host.control(Self.hidSetup(0xA1, 0x01, value: 0x0101, length: 8)) == .data([1, 0]))  // input report 1
    #expect(host.control(Self.hidSetup(0xA1, 0x01, value: 0x0103, length: 8)) == .data([3, 0]))
    #expect(host.control(Self.hidSetup(0xA1, 0x01, value: 0x0104, length: 8)) == .data([4, 0, 0]))  // the axis at 0
    #expect(host.control(Self.hidSetup(0xA1, 0x01, value: 0x0105, length: 8)) == .stalled)  // no such report
    #expect(host.control(Self.hidSetup(0xA1, 0x01, value: 0x0301, length: 8)) == .stalled)  // no feature report 1
    #expect(host.control(Self.hidSetup(0x21, 0x09, value: 0x0201, length: 1), data: [0]) == .stalled)  // no output
    #expect(host.control(Self.hidSetup(0x21, 0x0A, value: 0x7D00)) == .data([]))  // SET_IDLE 500 ms
    #expect(host.control(Self.hidSetup(0xA1, 0x02, length: 1)) == .data([0x7D]))
    #expect(host.control(Self.hidSetup(0xA1, 0x03, length: 1)) == .data([1]))  // report protocol
    #expect(host.control(Self.hidSetup(0x21, 0x0B, value: 0)) == .data([]))
    #expect(host.control(Self.hidSetup(0xA1, 0x03, length: 1)) == .data([0]))
    #expect(host.control(Self.hidSetup(0x21, 0x0B, value: 2)) == .stalled)
    // The CDC requests still go to interface 0 only.
    #expect(host.control(Self.hidSetup(0xA1, 0x21, length: 7)) == .stalled)
  }

  /// The wheel's Resolution Multiplier: read and set as feature report 2 (ID, then the
  /// 2-bit value), only 0 or 1; a bad value or length STALLs and changes nothing; a
  /// bus reset turns it off again.
  @Test func theWheelMultiplierIsAFeatureReport() {
    let host = Self.configured()
    let get = Self.hidSetup(0xA1, 0x01, value: 0x0302, length: 2)
    let set = Self.hidSetup(0x21, 0x09, value: 0x0302, length: 2)
    #expect(host.control(get) == .data([2, 0]))
    #expect(host.control(set, data: [2, 1]) == .data([]))
    #expect(host.port.device.wheelMultiplierOn)
    #expect(host.control(get) == .data([2, 1]))
    #expect(host.control(set, data: [2, 2]) == .stalled)  // beyond the logical maximum
    #expect(host.control(set, data: [3, 0]) == .stalled)  // not its report ID
    #expect(host.control(Self.hidSetup(0x21, 0x09, value: 0x0302, length: 3), data: [2, 0, 0]) == .stalled)
    #expect(host.control(get) == .data([2, 1]))
    #expect(host.control(set, data: [2, 0xFC]) == .data([]))  // the padding bits are ignored
    #expect(!host.port.device.wheelMultiplierOn)
    #expect(host.control(set, data: [2, 1]) == .data([]))
    host.busReset()
    #expect(!host.port.device.wheelMultiplierOn)
  }

  @Test func hidRequestsStallBeforeConfiguration() {
    let host = ScriptedHost()
    host.busReset()
    #expect(host.control(Self.hidSetup(0x21, 0x0A)) == .stalled)
    #expect(host.control(Self.hidSetup(0x81, 6, value: 0x2200, length: 255)) == .stalled)
    let sent1 = host.port.sendReport(id: 1, data: 0x52)
    #expect(!host.port.reportReady && !sent1)
  }

  @Test func reportsGoOutOneAtATimeOnTheInterruptEndpoint() {
    let host = Self.configured()
    let sent2 = host.port.sendReport(id: HIDReports.keyboardID, data: 0x52)  // Up Arrow
    #expect(sent2)
    #expect(host.port.controller.reportArmed == [1, 0x52])
    let sent3 = host.port.sendReport(id: 1, data: 0)  // the host has not polled
    #expect(!host.port.reportReady && !sent3)
    #expect(host.takeReport() == [1, 0x52])
    let sent4 = host.port.sendReport(id: HIDReports.keyboardID, data: 0)  // released
    #expect(sent4)
    #expect(host.takeReport() == [1, 0])
    // A halted endpoint takes no report until the host clears it.
    #expect(host.control(SetupPacket(requestType: 0x02, request: 3, index: 0x83)) == .data([]))
    let sent5 = host.port.sendReport(id: HIDReports.wheelID, data: 1)
    #expect(!sent5)
    #expect(host.control(SetupPacket(requestType: 0x02, request: 1, index: 0x83)) == .data([]))
    let sent6 = host.port.sendReport(id: HIDReports.wheelID, data: 1)
    #expect(sent6)
    // Serial traffic flows beside it.
    #expect(host.write(0x41))
    host.run()
    #expect(host.takeBulk() == [0x41])
    #expect(host.takeReport() == [2, 1])
    // The axis report is three bytes: its ID, then the position, little-endian.
    let sent7 = host.port.sendReport(id: HIDReports.axisID, data: 0xFF, high: 0x7F)
    #expect(sent7)
    #expect(host.takeReport() == [4, 0xFF, 0x7F])
  }
}

extension ScriptedHost {
  /// Takes the armed HID report, if any, and tells the device it went out.
  func takeReport() -> [UInt8]? {
    guard let packet = port.controller.reportArmed else { return nil }
    port.controller.reportArmed = nil
    event(.reportInDone)
    return packet
  }
}

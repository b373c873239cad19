import ForceUSB
import Testing

/// The descriptors as a host parses them: every length and total adds up, the
/// CDC-ACM function is where Linux's `cdc_acm` looks for it, grouped by an interface
/// association, the HID interface beside it, the strings decode.
struct DescriptorTests {
  @Test func deviceDescriptor() throws {
    let host = ScriptedHost()
    host.busReset()
    let device = try #require(host.descriptor(type: 1, length: 18))
    #expect(device.count == 18 && device[0] == 18 && device[1] == 1)
    #expect(device[2] == 0x00 && device[3] == 0x02)  // USB 2.0
    #expect(Array(device[4...6]) == [0xEF, 0x02, 0x01])  // composite with interface associations
    #expect(device[7] == 64)  // bMaxPacketSize0
    #expect(UInt16(device[8]) | UInt16(device[9]) << 8 == 0x1209)
    #expect(UInt16(device[10]) | UInt16(device[11]) << 8 == USBIdentity.productID)
    #expect(USBIdentity.productID != 0x0001)  // not the CDC-only images' ID: hosts cache drivers per VID/PID
    #expect(UInt16(device[12]) | UInt16(device[13]) << 8 == 0x0010)  // bcdDevice 0.1.0
    #expect(Array(device[14...17]) == [1, 2, 0, 1])
  }

  @Test func configurationParsesIntoTheCDCACMFunction() throws {
    let host = ScriptedHost()
    host.busReset()
    let head = try #require(host.descriptor(type: 2, length: 9))
    let total = Int(head[2]) | Int(head[3]) << 8
    #expect(total == Descriptors.configurationLength)
    let all = try #require(host.descriptor(type: 2, length: UInt16(total)))
    #expect(all.count == total && Array(all[0..<9]) == head)
    #expect(all[4] == 4 && all[5] == 1)  // four interfaces, configuration 1

    // Walk it: every descriptor's length lands exactly on the end.
    var offset = 0
    var interfaces: [(number: UInt8, endpoints: UInt8, cls: UInt8, sub: UInt8)] = []
    var endpoints: [(address: UInt8, attributes: UInt8, size: Int, interface: UInt8)] = []
    var functional: [UInt8] = []
    var associations: [[UInt8]] = []
    var hid: [UInt8] = []
    while offset < all.count {
      let length = Int(all[offset])
      try #require(length >= 2 && offset + length <= all.count)
      switch all[offset + 1] {
      case 4: interfaces.append((all[offset + 2], all[offset + 4], all[offset + 5], all[offset + 6]))
      case 5:
        endpoints.append(
          (all[offset + 2], all[offset + 3], Int(all[offset + 4]) | Int(all[offset + 5]) << 8, interfaces.last!.number))
      case 0x24: functional.append(all[offset + 2])
      case 0x0B: associations.append(Array(all[offset..<offset + length]))
      case 0x21: hid = Array(all[offset..<offset + length])
      default: break
      }
      offset += length
    }
    #expect(offset == total)
    #expect(interfaces.map(\.number) == [0, 1, 2, 3])
    // The Pico SDK's reset interface: vendor class, subclass 00h, protocol 01h, no endpoints.
    #expect(interfaces[3].cls == 0xFF && interfaces[3].sub == 0 && interfaces[3].endpoints == 0)
    // IAD: first interface 0, two interfaces, CDC / ACM / no protocol, no string.
    #expect(associations == [[8, 0x0B, 0, 2, 0x02, 0x02, 0x00, 0]])
    #expect(interfaces[2].cls == 3 && interfaces[2].sub == 0 && interfaces[2].endpoints == 1)
    // HID 1.11, no country code, one report descriptor (22h) of its length.
    #expect(hid == [9, 0x21, 0x11, 0x01, 0, 1, 0x22, UInt8(HIDReports.descriptorLength), 0])
    #expect(interfaces[0].cls == 2 && interfaces[0].sub == 2 && interfaces[0].endpoints == 1)
    #expect(interfaces[1].cls == 0x0A && interfaces[1].endpoints == 2)
    #expect(functional == [0x00, 0x01, 0x02, 0x06])  // header, call management, ACM, union
    #expect(endpoints.count == 4)
    #expect(endpoints[3].address == 0x83 && endpoints[3].attributes == 3 && endpoints[3].interface == 2)
    #expect(endpoints[3].size == 8)
    #expect(endpoints[0].address == 0x81 && endpoints[0].attributes == 3 && endpoints[0].interface == 0)
    #expect(endpoints[1].address == 0x02 && endpoints[1].attributes == 2 && endpoints[1].size == 64)
    #expect(endpoints[2].address == 0x82 && endpoints[2].attributes == 2 && endpoints[2].size == 64)
  }

  @Test func stringsNameTheProductAndTheFirmwareVersion() throws {
    let host = ScriptedHost()
    host.busReset()
    #expect(host.descriptor(type: 3, index: 0) == [4, 3, 0x09, 0x04])
    #expect(host.string(1) == "ForcePicker project")
    #expect(host.string(2) == "ForcePicker")
    #expect(host.string(3) == "ForcePicker firmware 0.1.0")
    let other = ScriptedHost(
      port: USBSerial(controller: FakeController(), identity: USBIdentity(version: (12, 3, 104))))
    other.busReset()
    #expect(other.string(3) == "ForcePicker firmware 12.3.104")
    #expect(USBIdentity(version: (12, 3, 9)).releaseNumber == 0x1239)
  }

  /// The flash chip's unique ID as the boot ROM shows it in BOOTSEL mode: 16
  /// upper-case hex digits, the first byte read first; iSerialNumber 4. Without one,
  /// iSerialNumber is 0 and string 4 STALLs.
  @Test func theSerialNumberIsTheUniqueIDInUpperCaseHex() throws {
    let host = ScriptedHost(
      port: USBSerial(
        controller: FakeController(), identity: USBIdentity(version: (0, 1, 0), serialNumber: 0xE660_C0D1_C792_1A2B)))
    host.busReset()
    let device = try #require(host.descriptor(type: 1, length: 18))
    #expect(device[16] == Descriptors.serialNumberString && Descriptors.serialNumberString == 4)
    #expect(host.descriptor(type: 3, index: 4, length: 255)?.count == 34)
    #expect(host.string(4) == "E660C0D1C7921A2B")
    let digits = ScriptedHost(
      port: USBSerial(
        controller: FakeController(), identity: USBIdentity(version: (0, 1, 0), serialNumber: 0x0123_4567_89AB_CDEF)))
    digits.busReset()
    #expect(digits.string(4) == "0123456789ABCDEF")
    let none = ScriptedHost()
    none.busReset()
    #expect(try #require(none.descriptor(type: 1, length: 18))[16] == 0)
    #expect(none.descriptor(type: 3, index: 4) == nil)
  }

  @Test func shortRequestsAreTruncatedAndLongRepliesSplitIntoPackets() throws {
    let host = ScriptedHost()
    host.busReset()
    #expect(host.descriptor(type: 1, length: 8)?.count == 8)
    #expect(host.descriptor(type: 2, length: 64)?.count == 64)
    #expect(host.descriptor(type: 3, index: 2, length: 2) == [24, 3])
    // The 109-byte configuration goes out as 64 + 45.
    host.event(.setup(SetupPacket(requestType: 0x80, request: 6, value: 0x0200, length: 255)))
    #expect(host.port.controller.controlInArmed?.count == 64)
    host.port.controller.controlInArmed = nil
    host.event(.controlInDone)
    #expect(host.port.controller.controlInArmed?.count == 45)
  }
}

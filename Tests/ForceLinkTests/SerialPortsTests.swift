import Foundation
import Testing

@testable import ForceLink

@Suite struct SerialPortsTests {
  static let microbit = PortInfo(
    name: "/dev/ttyACM0", description: "BBC micro:bit CMSIS-DAP", kind: .usb, usbVendorID: 0x0D28,
    usbProductID: 0x0204, manufacturer: "ARM", product: "BBC micro:bit CMSIS-DAP",
    serialNumber: "9900000037024e450034200b0000004e0000000097969901")
  static let uart = PortInfo(name: "/dev/ttyS0", description: "ttyS0", kind: .native)

  /// Whatever is (or is not) connected here, enumeration works and reports sane entries.
  @Test func enumerates() throws {
    let ports = try SerialPorts.list()
    #expect(ports.map(\.name) == ports.map(\.name).sorted())
    for port in ports {
      #expect(port.name.hasPrefix("/dev/"))
      #expect((port.usbVendorID != nil) == (port.kind == .usb) || port.kind == .usb)
    }
    #expect(
      SerialPorts.table(ports).split(separator: "\n").count == (ports.isEmpty ? 1 : ports.count + 1)
    )
  }

  @Test func recognisesMicrobit() {
    #expect(Self.microbit.isMicrobit)
    #expect(Self.microbit.usbID == "0d28:0204")
    #expect(!Self.uart.isMicrobit)
    #expect(Self.uart.usbID == nil)
    var otherDAPLink = Self.microbit
    otherDAPLink.usbProductID = 0x0205
    #expect(!otherDAPLink.isMicrobit)
  }

  @Test func emptyTable() {
    #expect(SerialPorts.table([]) == "no serial ports found")
  }

  @Test func table() {
    let expected = """
      PORT          KIND    USB ID     DEVICE                       SERIAL                                            
      /dev/ttyACM0  usb     0d28:0204  ARM BBC micro:bit CMSIS-DAP  9900000037024e450034200b0000004e0000000097969901  micro:bit
      /dev/ttyS0    native  -          ttyS0                        -
      """
    let normalized = expected.split(separator: "\n").map { line in
      var line = String(line)
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
    #expect(SerialPorts.table([Self.microbit, Self.uart]) == normalized)
  }

  @Test func json() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let text = String(decoding: try encoder.encode([Self.microbit, Self.uart]), as: UTF8.self)
    #expect(
      text
        == #"[{"description":"BBC micro:bit CMSIS-DAP","isMicrobit":true,"isPico":false,"kind":"usb","#
        + #""manufacturer":"ARM","#
        + #""name":"/dev/ttyACM0","product":"BBC micro:bit CMSIS-DAP","productID":"0204","#
        + #""serialNumber":"9900000037024e450034200b0000004e0000000097969901","vendorID":"0d28"},"#
        + #"{"description":"ttyS0","isMicrobit":false,"isPico":false,"kind":"native","name":"/dev/ttyS0"}]"#)
  }
}

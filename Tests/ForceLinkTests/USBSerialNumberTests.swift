import ForceTestSupport
import Foundation
import Testing

@testable import ForceLink

/// `serial:NUMBER` and the serial numbers read from sysfs, against a fake sysfs tree
/// laid out as Linux lays it out: `class/tty/NAME` links into `devices`, and each
/// tty's `device` link leads to the USB interface (ttyACM) or the port below it
/// (ttyUSB), under the USB device that holds `idVendor` and `serial`.
@Suite struct USBSerialNumberTests {
  /// A fake sysfs: a Pico (ttyACM0), a micro:bit (ttyACM1), a USB serial adapter
  /// (ttyUSB0), a USB device without a serial number (ttyACM2) and a built-in UART
  /// (ttyS0).
  static func fakeSysfs() throws -> String {
    let root = TestScratch.directory("sysfs")
    let files = FileManager.default
    func write(_ path: String, _ text: String) throws {
      let url = root.appendingPathComponent(path)
      try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    func link(_ path: String, to destination: String) throws {
      let url = root.appendingPathComponent(path)
      try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try files.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }
    let hub = "devices/pci0000:00/0000:00:14.0/usb1"
    /// A CDC-ACM tty: .../usb1/PORT/PORT:1.0/tty/NAME, `device` → the interface.
    func acm(_ name: String, port: String, vendor: String, serial: String?) throws {
      try write("\(hub)/\(port)/idVendor", vendor + "\n")
      if let serial { try write("\(hub)/\(port)/serial", serial + "\n") }
      try write("\(hub)/\(port)/\(port):1.0/tty/\(name)/dev", "166:0\n")
      try link("\(hub)/\(port)/\(port):1.0/tty/\(name)/device", to: "../../../\(port):1.0")
      try link("class/tty/\(name)", to: "../../\(hub)/\(port)/\(port):1.0/tty/\(name)")
    }
    try acm("ttyACM0", port: "1-1", vendor: "1209", serial: "E66138935F4A2B2C")
    try acm("ttyACM1", port: "1-2", vendor: "0d28", serial: "9900000037024e450034200b0000004e0000000097969901")
    try acm("ttyACM2", port: "1-4", vendor: "2341", serial: nil)
    // A USB serial adapter: .../1-3:1.0/ttyUSB0/tty/ttyUSB0, `device` → the port ttyUSB0.
    try write("\(hub)/1-3/idVendor", "0403\n")
    try write("\(hub)/1-3/serial", "A50285BI\n")
    try write("\(hub)/1-3/1-3:1.0/ttyUSB0/tty/ttyUSB0/dev", "188:0\n")
    try link("\(hub)/1-3/1-3:1.0/ttyUSB0/tty/ttyUSB0/device", to: "../../../ttyUSB0")
    try link("class/tty/ttyUSB0", to: "../../\(hub)/1-3/1-3:1.0/ttyUSB0/tty/ttyUSB0")
    // A built-in UART on the platform bus: no USB device above it.
    try write("devices/platform/serial8250/tty/ttyS0/dev", "4:64\n")
    try link("devices/platform/serial8250/tty/ttyS0/device", to: "../../../serial8250")
    try link("class/tty/ttyS0", to: "../../devices/platform/serial8250/tty/ttyS0")
    return root.path
  }

  @Test func everyUSBTTYWithASerialNumberIsListed() throws {
    let numbers = USBSerialNumbers(sysfs: try Self.fakeSysfs())
    let all = numbers.all()
    #expect(all.map(\.port) == ["/dev/ttyACM0", "/dev/ttyACM1", "/dev/ttyUSB0"])
    #expect(
      all.map(\.serialNumber) == ["E66138935F4A2B2C", "9900000037024e450034200b0000004e0000000097969901", "A50285BI"])
    #expect(numbers.serialNumber(ofTTY: "ttyACM0") == "E66138935F4A2B2C")
    #expect(numbers.serialNumber(ofTTY: "ttyACM2") == nil)  // a USB device without one
    #expect(numbers.serialNumber(ofTTY: "ttyS0") == nil)  // not on USB
    #expect(numbers.serialNumber(ofTTY: "ttyACM9") == nil)  // not there
  }

  @Test func aSerialNumberFindsItsTTYInAnyCase() throws {
    let numbers = USBSerialNumbers(sysfs: try Self.fakeSysfs())
    #expect(try numbers.port(for: "E66138935F4A2B2C") == "/dev/ttyACM0")
    #expect(try numbers.port(for: "e66138935f4a2b2c") == "/dev/ttyACM0")
    #expect(try numbers.port(for: "A50285BI") == "/dev/ttyUSB0")
  }

  @Test func noMatchNamesTheNumberAndTheSerialNumbersFound() throws {
    let numbers = USBSerialNumbers(sysfs: try Self.fakeSysfs())
    #expect(
      throws: LinkError.noSerialNumber(
        "no serial port has the USB serial number E661: found E66138935F4A2B2C (/dev/ttyACM0), 9900000037024e450034200b0000004e0000000097969901 (/dev/ttyACM1), A50285BI (/dev/ttyUSB0); `forcectl ports` lists what is connected"
      )
    ) { try numbers.port(for: "E661") }
    let empty = USBSerialNumbers(sysfs: TestScratch.directory("empty-sysfs").path)
    #expect(empty.all().isEmpty)
    #expect(
      throws: LinkError.noSerialNumber(
        "no serial port has the USB serial number E661: no USB serial port with a serial number is connected; `forcectl ports` lists what is connected"
      )
    ) { try empty.port(for: "E661") }
  }

  /// Two ttys of one device (two CDC-ACM functions) share its serial number: only a
  /// path says which.
  @Test func twoTTYsOfOneDeviceAreNamedNotGuessed() throws {
    let root = try Self.fakeSysfs()
    let hub = "\(root)/devices/pci0000:00/0000:00:14.0/usb1"
    try FileManager.default.createDirectory(atPath: "\(hub)/1-1/1-1:1.2/tty/ttyACM3", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: "\(hub)/1-1/1-1:1.2/tty/ttyACM3/device", withDestinationPath: "../../../1-1:1.2")
    try FileManager.default.createSymbolicLink(
      atPath: "\(root)/class/tty/ttyACM3",
      withDestinationPath: "../../devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.2/tty/ttyACM3")
    #expect(
      throws: LinkError.noSerialNumber(
        "serial:E66138935F4A2B2C names 2 ports (/dev/ttyACM0, /dev/ttyACM3), one device's: give the one you mean with --port PATH"
      )
    ) { try USBSerialNumbers(sysfs: root).port(for: "E66138935F4A2B2C") }
  }

  @Test func serialAddressesParseAndBadOnesAreNamed() throws {
    #expect(try PortAddress(parsing: "serial:E66138935F4A2B2C") == .usbSerial(number: "E66138935F4A2B2C"))
    #expect(try PortAddress(parsing: " Serial:1234 ") == .usbSerial(number: "1234"))  // not HOST:PORT
    #expect(PortAddress.usbSerial(number: "1234").description == "serial:1234")
    for bad in ["serial:", "serial:a b", "serial:../ttyACM0", "serial:1:2"] {
      #expect(
        throws: LinkError.invalidAddress(
          "\"\(bad)\" is not a USB serial number: give serial:NUMBER as `forcectl ports` lists it (SERIAL), e.g. serial:E66138935F4A2B2C"
        )
      ) { try PortAddress(parsing: bad) }
    }
  }

  /// Opening `serial:NUMBER` looks in the real sysfs; a number no device has fails
  /// there, before any port is opened.
  @Test func openingAnUnknownNumberFailsWithTheMessage() throws {
    do {
      _ = try PortAddress(parsing: "serial:NOSUCHNUMBER0").open()
      Issue.record("opened a port no device has")
    } catch {
      #expect(error.description.hasPrefix("no serial port has the USB serial number NOSUCHNUMBER0: "))
    }
  }
}

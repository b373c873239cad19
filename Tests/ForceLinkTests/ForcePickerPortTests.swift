import ForceLink
import Testing

/// `forcectl ports` marks a Pico running the ForcePicker firmware's USB serial port by
/// its IDs and product string, and any other Raspberry Pi device by its vendor ID.
struct ForcePickerPortTests {
  static let pico = PortInfo(
    name: "/dev/ttyACM1", description: "ForcePicker", kind: .usb, usbVendorID: 0x1209, usbProductID: 0x0003,
    manufacturer: "ForcePicker project", product: "ForcePicker")

  @Test func recognisesThePicoByIDsAndProduct() {
    #expect(Self.pico.isForcePickerPico && Self.pico.isPico && !Self.pico.isMicrobit)
    var otherTestDevice = Self.pico
    otherTestDevice.product = "Someone's prototype"  // the same pid.codes test IDs
    #expect(!otherTestDevice.isForcePickerPico && !otherTestDevice.isPico && otherTestDevice.boardMarker.isEmpty)
    var otherProduct = Self.pico
    otherProduct.usbProductID = 0x0001  // the CDC-only images' test ID
    #expect(!otherProduct.isForcePickerPico)
  }

  /// The boot ROM (2e8a:0003) and Pico SDK firmware's serial port (2e8a:000a) are Picos,
  /// but not running this firmware.
  @Test func recognisesOtherPicosByTheRaspberryPiVendorID() {
    for productID: UInt16 in [0x0003, 0x000A] {
      let port = PortInfo(
        name: "/dev/ttyACM2", description: "Pico", kind: .usb, usbVendorID: 0x2E8A, usbProductID: productID,
        manufacturer: "Raspberry Pi", product: "Pico")
      #expect(port.isPico && !port.isForcePickerPico && !port.isMicrobit)
      #expect(SerialPorts.table([port]).split(separator: "\n").last?.hasSuffix("  Pico") == true)
    }
    let microbit = PortInfo(
      name: "/dev/ttyACM0", description: "", kind: .usb, usbVendorID: 0x0D28, usbProductID: 0x0204)
    #expect(!microbit.isPico && microbit.boardMarker == "micro:bit")
  }

  @Test func theTableMarksIt() {
    let table = SerialPorts.table([Self.pico])
    #expect(table.split(separator: "\n").last?.hasSuffix("ForcePicker Pico") == true)
    #expect(table.contains("1209:0003"))
  }
}

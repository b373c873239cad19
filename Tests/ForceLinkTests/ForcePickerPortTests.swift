import ForceLink
import Testing

/// `forcectl ports` marks a Pico running the ForcePicker firmware's USB serial port by
/// its IDs and product string.
struct ForcePickerPortTests {
  static let pico = PortInfo(
    name: "/dev/ttyACM1", description: "ForcePicker", kind: .usb, usbVendorID: 0x1209, usbProductID: 0x0001,
    manufacturer: "ForcePicker project", product: "ForcePicker")

  @Test func recognisesThePicoByIDsAndProduct() {
    #expect(Self.pico.isForcePickerPico && !Self.pico.isMicrobit)
    var otherTestDevice = Self.pico
    otherTestDevice.product = "Someone's prototype"  // the same pid.codes test IDs
    #expect(!otherTestDevice.isForcePickerPico)
    var otherProduct = Self.pico
    otherProduct.usbProductID = 0x0002
    #expect(!otherProduct.isForcePickerPico)
  }

  @Test func theTableMarksIt() {
    let table = SerialPorts.table([Self.pico])
    #expect(table.split(separator: "\n").last?.hasSuffix("ForcePicker Pico") == true)
    #expect(table.contains("1209:0001"))
  }
}

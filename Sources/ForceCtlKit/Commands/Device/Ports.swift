import ArgumentParser
import ForceLink
import Foundation

extension ForceCtl {
  /// `forcectl ports`: list connected serial ports, marking micro:bits and Picos.
  public struct Ports: ParsableCommand {
    static let microbit = PortInfo.usbID(PortInfo.microbitVendorID, PortInfo.microbitProductID)
    static let forcePicker = PortInfo.usbID(PortInfo.forcePickerVendorID, PortInfo.forcePickerProductID)
    public static let configuration = CommandConfiguration(
      commandName: "ports",
      abstract: "List serial ports, marking boards by USB ID.",
      discussion: """
        A BBC micro:bit shows up as Arm DAPLink (USB \(microbit)); a Pico with the ForcePicker firmware \
        as \(forcePicker) "\(PortInfo.forcePickerProduct)", and any other Raspberry Pi device (vendor \
        \(PortInfo.hex4(PortInfo.raspberryPiVendorID))) as Pico.
        """
    )

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    public init() {}

    public func run() throws {
      let ports = try SerialPorts.list()
      if json, ports.isEmpty {
        try printLines(["[]"])
      } else if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try printLines([String(decoding: try encoder.encode(ports), as: UTF8.self)])
      } else {
        try printLines([SerialPorts.table(ports)])
      }
    }
  }
}

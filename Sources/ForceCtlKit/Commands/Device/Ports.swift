import ArgumentParser
import ForceLink
import Foundation

extension ForceCtl {
  /// `forcectl ports`: list connected serial ports, marking micro:bits and Picos.
  public struct Ports: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "ports",
      abstract: "List serial ports, marking boards by USB ID.",
      discussion: """
        A BBC micro:bit shows up as Arm DAPLink (USB 0d28:0204); a Pico with the ForcePicker \
        firmware as 1209:0003 "ForcePicker", and any other Raspberry Pi device (vendor 2e8a) as Pico.
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

import ArgumentParser
import ForceLink
import Foundation

extension ForceCtl {
  /// `forcectl ports`: list connected serial ports, marking micro:bits.
  public struct Ports: ParsableCommand {
    public static let configuration = CommandConfiguration(
      abstract: "List serial ports; a BBC micro:bit shows up as Arm DAPLink (USB 0d28:0204)."
    )

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    public init() {}

    public func run() throws {
      let ports = try SerialPorts.list()
      if json, ports.isEmpty {
        print("[]")
      } else if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(ports), as: UTF8.self))
      } else {
        print(SerialPorts.table(ports))
      }
    }
  }
}

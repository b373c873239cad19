import ArgumentParser
import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTrace

extension ForceCtl.Params {
  /// `params list`.
  public struct List: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List every parameter with its value, range, default and unit.")
    @OptionGroup public var device: DeviceOptions
    @Flag(help: "Print JSON.") public var json = false
    public init() {}

    public func run() throws {
      let all = try device.session { client throws(DeviceError) in try client.describeParameters() }
      if json {
        let rows = all.map { d in
          "  {\"name\": \"\(d.name.text)\", \"value\": \(d.value), \"min\": \(d.min), \"max\": \(d.max), \"default\": \(d.defaultValue), \"unit\": \"\(d.unit.text)\"}"
        }
        try printLines(["[\n" + rows.joined(separator: ",\n") + "\n]"])
        return
      }
      var lines = ["name                    value        min        max    default  unit"]
      for d in all {
        let id = ParameterID(rawValue: d.id)
        let shown = id.map { ParameterText.format(d.value, of: $0) } ?? String(d.value)
        let marker = d.value == d.defaultValue ? " " : "*"
        lines.append(
          d.name.text.padding(toLength: 22, withPad: " ", startingAt: 0) + marker
            + [shown, String(d.min), String(d.max), String(d.defaultValue)].map { $0.leftPadded(10) }.joined(
              separator: " ")
            + "  " + d.unit.text)
      }
      try printLines(lines)
    }
  }
}

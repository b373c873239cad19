extension SerialPorts {
  /// What `forcectl ports` prints when nothing is connected.
  public static let noPortsMessage = "no serial ports found"

  /// A plain-text table of `ports` (one header line, one line per port), or `noPortsMessage`.
  ///
  /// Columns: PORT, KIND, USB ID, DEVICE (manufacturer and product, else the description),
  /// SERIAL, and a `micro:bit`, `ForcePicker Pico` or `Pico` marker (`PortInfo.boardMarker`).
  public static func table(_ ports: [PortInfo]) -> String {
    guard !ports.isEmpty else { return noPortsMessage }
    let header = ["PORT", "KIND", "USB ID", "DEVICE", "SERIAL", ""]
    let rows = ports.map { port -> [String] in
      let device = [port.manufacturer, port.product].compactMap { $0 }.joined(separator: " ")
      return [
        port.name, port.kind.rawValue, port.usbID ?? "-",
        device.isEmpty ? port.description : device,
        port.serialNumber ?? "-", port.boardMarker,
      ]
    }
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    return all.map { row in
      var line = ""
      for (column, cell) in row.enumerated() {
        line += cell
        if column < row.count - 1 {
          line += String(repeating: " ", count: widths[column] - cell.count + 2)
        }
      }
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }
}

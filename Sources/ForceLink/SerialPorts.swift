import CLibSerialPort

/// Serial port enumeration (libserialport's `sp_list_ports`).
public enum SerialPorts {
  /// Every serial port the system reports, sorted by name. Empty when none are connected.
  public static func list() throws(LinkError) -> [PortInfo] {
    var list: UnsafeMutablePointer<OpaquePointer?>?
    let result = sp_list_ports(&list)
    guard result == SP_OK, let list else {
      if result == SP_ERR_FAIL {
        throw .enumerationFailed(LinkError.systemMessage(sp_last_error_code()))
      }
      throw .enumerationFailed("libserialport error \(result.rawValue)")
    }
    defer { sp_free_port_list(list) }
    var ports: [PortInfo] = []
    var index = 0
    while let port = list[index] {
      ports.append(info(port))
      index += 1
    }
    return ports.sorted { $0.name < $1.name }
  }

  private static func info(_ port: OpaquePointer) -> PortInfo {
    let name = string(sp_get_port_name(port)) ?? "?"
    var info = PortInfo(
      name: name, description: string(sp_get_port_description(port)) ?? name, kind: .native)
    switch sp_get_port_transport(port) {
    case SP_TRANSPORT_USB:
      info.kind = .usb
      var vendor: Int32 = 0
      var product: Int32 = 0
      if sp_get_port_usb_vid_pid(port, &vendor, &product) == SP_OK {
        info.usbVendorID = UInt16(truncatingIfNeeded: vendor)
        info.usbProductID = UInt16(truncatingIfNeeded: product)
      }
      info.manufacturer = string(sp_get_port_usb_manufacturer(port))
      info.product = string(sp_get_port_usb_product(port))
      // libserialport reads sysfs's `serial` too; where it found none, look again.
      info.serialNumber =
        string(sp_get_port_usb_serial(port))
        ?? USBSerialNumbers().serialNumber(ofTTY: String(name.split(separator: "/").last ?? ""))
    case SP_TRANSPORT_BLUETOOTH:
      info.kind = .bluetooth
    default:
      info.kind = .native
    }
    return info
  }

  /// libserialport's strings belong to the port; copy them, treating "" as absent.
  private static func string(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    let text = String(cString: pointer)
    return text.isEmpty ? nil : text
  }
}

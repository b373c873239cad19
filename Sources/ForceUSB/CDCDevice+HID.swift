/// The HID interface's requests (USB HID 1.11 §7.1 and §7.2): its class descriptors
/// read with a standard GET_DESCRIPTOR to the interface, and the class requests a
/// host's HID driver sends while binding (Linux's `usbhid`: SET_IDLE, then
/// GET_DESCRIPTOR of the report descriptor; GET_REPORT when asked).
extension CDCDevice {
  /// The HID descriptor (21h) or report descriptor (22h) of interface 2.
  func hidDescriptor(type: UInt8, index: UInt8, _ out: inout DescriptorWriter) -> ControlReply {
    switch type {
    case Descriptors.hidType where index == 0: Descriptors.hid(into: &out)
    case Descriptors.hidReportType where index == 0: HIDReports.descriptor(into: &out)
    default: return .stall  // physical descriptors (23h): none
    }
    return .send(0)
  }

  /// A HID class request to interface 2. GET_REPORT of an input report answers the
  /// all-released report of that ID (nothing pressed, no wheel motion, the axis at 0); there are no
  /// output or feature reports, so SET_REPORT STALLs. The idle rate is kept and read
  /// back, but reports go out only on a change whatever it is.
  mutating func hidRequest(_ p: SetupPacket, _ out: inout DescriptorWriter) -> ControlReply {
    guard interface(p) != nil else { return .stall }
    let reportID = UInt8(truncatingIfNeeded: p.value)
    switch p.request {
    case SetupPacket.HID.getReport where p.isIn && p.value >> 8 == 1 && HIDReports.isReportID(reportID):
      out.byte(reportID)
      for _ in 1..<HIDReports.reportLength(reportID) { out.byte(0) }
      return .send(0)
    case SetupPacket.HID.getReport where p.isIn && p.value == HIDReports.wheelFeature:
      out.byte(HIDReports.wheelID)
      out.byte(wheelMultiplierOn ? 1 : 0)
      return .send(0)
    case SetupPacket.HID.setReport where !p.isIn && p.value == HIDReports.wheelFeature && p.length == 2:
      pendingRequest = p.request
      return .receive(2)
    case SetupPacket.HID.getIdle where p.isIn:
      out.byte(idleRate)
      return .send(0)
    case SetupPacket.HID.setIdle where noData(p):
      idleRate = UInt8(p.value >> 8)
      return .acknowledge
    case SetupPacket.HID.getProtocol where p.isIn:
      out.byte(hidProtocol)
      return .send(0)
    case SetupPacket.HID.setProtocol where noData(p) && p.value <= 1:
      hidProtocol = UInt8(p.value)
      return .acknowledge
    default:
      return .stall
    }
  }

  /// The data stage of SET_REPORT: the multiplier's feature report, its ID and one
  /// byte (bits 0–1 the multiplier, 0 or 1; bits 2–7 padding, ignored). Anything else
  /// STALLs and changes nothing.
  mutating func receiveFeature(_ data: UnsafeRawBufferPointer) -> Bool {
    guard data.count == 2, data[0] == HIDReports.wheelID, data[1] & 3 <= 1 else { return false }
    wheelMultiplierOn = data[1] & 3 == 1
    return true
  }
}

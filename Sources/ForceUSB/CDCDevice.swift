/// The device side of USB enumeration, of the CDC-ACM class and of the HID class,
/// without hardware: answers standard and class requests from the descriptors and
/// its own state (address, configuration, halted endpoints, line coding, control
/// lines, the HID idle rate and protocol).
///
/// The controller layer hands it each SETUP packet and the data stage of OUT requests,
/// tells it when a status stage has been sent (`statusSent`, which is when a new
/// address takes effect) and when the bus was reset. Anything it does not know, or
/// that the current state does not allow, gets `.stall`.
public struct CDCDevice {
  /// Who the device says it is.
  public let identity: USBIdentity
  /// The address in effect (0 until SET_ADDRESS's status stage).
  public private(set) var address: UInt8 = 0
  /// The configuration: 0 (not configured) or 1.
  public private(set) var configuration: UInt8 = 0
  /// What the host last set with SET_LINE_CODING.
  public private(set) var lineCoding = LineCoding.standard
  /// SET_CONTROL_LINE_STATE's wValue: bit 0 DTR, bit 1 RTS.
  public private(set) var controlLines: UInt16 = 0
  /// What the last request changed.
  public private(set) var effect = ControlEffect.none
  /// The host asked the device to reboot into its bootloader: it dropped DTR while the
  /// line coding was 1200 baud (the "1200-baud touch", Arduino's and the Pico SDK's
  /// convention), or sent the reset interface's `bootsel`. It stays set until a bus reset.
  public private(set) var bootloaderTouched = false
  /// Halted endpoints: bit 0 = 0x81, bit 1 = 0x02, bit 2 = 0x82, bit 3 = 0x83.
  public private(set) var halted: UInt8 = 0
  /// SET_IDLE's duration (upper byte of wValue), in 4 ms units; 0 = report only on a
  /// change, which is what the device does whatever the host sets (HID 1.11 §7.2.4).
  public internal(set) var idleRate: UInt8 = 0
  /// SET_PROTOCOL's wValue: 1 report protocol (the default), 0 boot protocol. The
  /// interface has no boot subclass, so reports are the same either way.
  public internal(set) var hidProtocol: UInt8 = 1
  /// The wheel's Resolution Multiplier as the host set it (SET_REPORT of the feature
  /// report): true for its logical maximum, `HIDReports.wheelMultiplier` units a
  /// detent. Off after a bus reset (HID Usage Tables: the default is its minimum).
  public internal(set) var wheelMultiplierOn = false
  var pendingAddress: UInt8?
  var pendingRequest: UInt8 = 0

  /// A device in the default state.
  public init(identity: USBIdentity) { self.identity = identity }

  /// True while configured with DTR set: a host has the port open.
  public var isOpen: Bool { configuration != 0 && controlLines & 1 != 0 }

  /// Back to the default state (a bus reset): address 0, not configured, lines down.
  public mutating func reset() {
    self = CDCDevice(identity: identity)
  }

  /// Answers a SETUP packet; IN data goes into `reply` (at least 64 bytes).
  public mutating func setup(_ packet: SetupPacket, reply: UnsafeMutableRawBufferPointer) -> ControlReply {
    effect = .none
    pendingRequest = 0
    var out = DescriptorWriter(reply)
    let answer: ControlReply
    switch (packet.kind, packet.recipient) {
    case (0, 0): answer = standardDevice(packet, &out)
    case (0, 1): answer = standardInterface(packet, &out)
    case (0, 2): answer = standardEndpoint(packet, &out)
    case (1, 1) where packet.index == Descriptors.hidInterface: answer = hidRequest(packet, &out)
    case (1, 1): answer = classRequest(packet, &out)
    case (2, 1): answer = vendorRequest(packet)
    default: answer = .stall
    }
    if case .send = answer { return .send(out.written) }
    return answer
  }

  /// The data stage of the pending OUT request; false (stall) when it is not acceptable.
  public mutating func receive(_ data: UnsafeRawBufferPointer) -> Bool {
    defer { pendingRequest = 0 }
    if pendingRequest == SetupPacket.HID.setReport { return receiveFeature(data) }
    guard pendingRequest == SetupPacket.CDC.setLineCoding, let coding = LineCoding(bytes: data) else { return false }
    lineCoding = coding
    return true
  }

  /// The status stage went out: a pending address takes effect now. Returns true then.
  public mutating func statusSent() -> Bool {
    guard let next = pendingAddress else { return false }
    address = next
    pendingAddress = nil
    return true
  }

  // MARK: Standard requests

  func noData(_ p: SetupPacket) -> Bool { !p.isIn && p.length == 0 }

  mutating func standardDevice(_ p: SetupPacket, _ out: inout DescriptorWriter) -> ControlReply {
    switch p.request {
    case SetupPacket.Standard.getStatus where p.isIn && p.value == 0 && p.index == 0:
      out.word(0)  // bus-powered, no remote wakeup
      return .send(0)
    case SetupPacket.Standard.setAddress where noData(p) && p.value <= 127 && p.index == 0 && configuration == 0:
      pendingAddress = UInt8(p.value)
      return .acknowledge
    case SetupPacket.Standard.getDescriptor where p.isIn:
      return descriptor(type: UInt8(p.value >> 8), index: UInt8(truncatingIfNeeded: p.value), &out)
    case SetupPacket.Standard.getConfiguration where p.isIn && p.value == 0 && p.index == 0 && address != 0:
      out.byte(configuration)
      return .send(0)
    case SetupPacket.Standard.setConfiguration where noData(p) && p.value <= 1 && p.index == 0 && address != 0:
      configuration = UInt8(p.value)
      controlLines = 0
      halted = 0
      effect = .configured(configuration == 1)
      return .acknowledge
    default:
      return .stall  // also remote wakeup and test mode (CLEAR/SET_FEATURE): not supported
    }
  }

  func descriptor(type: UInt8, index: UInt8, _ out: inout DescriptorWriter) -> ControlReply {
    switch type {
    case Descriptors.deviceType where index == 0:
      Descriptors.device(identity, into: &out)
    case Descriptors.configurationType where index == 0:
      Descriptors.configuration(into: &out)
    case Descriptors.stringType:
      guard Descriptors.string(index, identity: identity, into: &out) else { return .stall }
    default:
      return .stall  // device qualifier (full speed only), BOS (USB 2.0), anything else
    }
    return .send(0)
  }

  /// The interface a request names, if the device is configured and has it.
  func interface(_ p: SetupPacket) -> UInt16? {
    configuration != 0 && p.index < UInt16(Descriptors.interfaceCount) ? p.index : nil
  }

  /// A vendor request: only the reset interface's `bootsel` (no data), which asks for
  /// the bootloader once its status stage has gone out.
  mutating func vendorRequest(_ p: SetupPacket) -> ControlReply {
    guard interface(p) == Descriptors.resetInterface, p.request == ResetInterface.bootsel, noData(p) else {
      return .stall
    }
    bootloaderTouched = true
    return .acknowledge
  }

  mutating func standardInterface(_ p: SetupPacket, _ out: inout DescriptorWriter) -> ControlReply {
    guard let number = interface(p) else { return .stall }
    switch p.request {
    case SetupPacket.Standard.getDescriptor where p.isIn && number == Descriptors.hidInterface:
      return hidDescriptor(type: UInt8(p.value >> 8), index: UInt8(truncatingIfNeeded: p.value), &out)
    case SetupPacket.Standard.getStatus where p.isIn && p.value == 0:
      out.word(0)
      return .send(0)
    case SetupPacket.Standard.getInterface where p.isIn && p.value == 0:
      out.byte(0)  // the only alternate setting
      return .send(0)
    case SetupPacket.Standard.setInterface where noData(p) && p.value == 0:
      return .acknowledge
    default:
      return .stall
    }
  }

  /// Bit in `halted` for an endpoint address; 0 for endpoint 0, nil for none.
  func haltBit(_ endpoint: UInt16) -> UInt8? {
    switch endpoint {
    case 0x00, 0x80: return 0
    case UInt16(Descriptors.notificationEndpoint) where configuration != 0: return 1
    case UInt16(Descriptors.dataOutEndpoint) where configuration != 0: return 2
    case UInt16(Descriptors.dataInEndpoint) where configuration != 0: return 4
    case UInt16(Descriptors.reportEndpoint) where configuration != 0: return 8
    default: return nil
    }
  }

  mutating func standardEndpoint(_ p: SetupPacket, _ out: inout DescriptorWriter) -> ControlReply {
    guard let bit = haltBit(p.index) else { return .stall }
    let endpoint = UInt8(p.index)
    switch p.request {
    case SetupPacket.Standard.getStatus where p.isIn && p.value == 0:
      out.word(halted & bit != 0 ? 1 : 0)
      return .send(0)
    case SetupPacket.Standard.clearFeature where noData(p) && p.value == 0:  // ENDPOINT_HALT
      if bit != 0 {
        halted &= ~bit
        effect = .halt(endpoint: endpoint, halted: false)
      }
      return .acknowledge
    case SetupPacket.Standard.setFeature where noData(p) && p.value == 0 && bit != 0:
      halted |= bit
      effect = .halt(endpoint: endpoint, halted: true)
      return .acknowledge
    default:
      return .stall
    }
  }

  // MARK: CDC class requests (to the communications interface)

  mutating func classRequest(_ p: SetupPacket, _ out: inout DescriptorWriter) -> ControlReply {
    guard interface(p) == Descriptors.controlInterface else { return .stall }
    switch p.request {
    case SetupPacket.CDC.setLineCoding where !p.isIn && p.length == 7:
      pendingRequest = p.request
      return .receive(7)
    case SetupPacket.CDC.getLineCoding where p.isIn:
      lineCoding.write(to: &out)
      return .send(0)
    case SetupPacket.CDC.setControlLineState where noData(p):
      controlLines = p.value & 3
      if controlLines & 1 == 0 && lineCoding.baud == LineCoding.bootloaderTouchBaud { bootloaderTouched = true }
      return .acknowledge
    case SetupPacket.CDC.sendBreak where noData(p):
      return .acknowledge  // nothing to break
    default:
      return .stall
    }
  }
}

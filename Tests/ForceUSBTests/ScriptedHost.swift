import ForceUSB

/// A USB host driven step by step against `USBSerial` on a `FakeController`: control
/// transfers stage by stage (as a host controller runs them) and bulk packets.
final class ScriptedHost {
  var port: USBSerial<FakeController>

  init(
    port: USBSerial<FakeController> = USBSerial(controller: FakeController(), identity: USBIdentity(version: (0, 1, 0)))
  ) {
    self.port = port
  }

  /// How a control transfer ended.
  enum Outcome: Equatable {
    /// Completed; the IN data stage's bytes (empty for OUT requests).
    case data([UInt8])
    /// The device STALLed the data or status stage.
    case stalled
  }

  /// The firmware writing one byte to the port.
  func write(_ byte: UInt8) -> Bool { port.write(byte) }

  /// The firmware reading one byte from the port.
  func read() -> UInt8? { port.read() }

  /// Lets the device handle everything queued.
  func run() { port.service() }

  func event(_ event: USBEvent) {
    port.controller.events.append(event)
    run()
  }

  func busReset() { event(.busReset) }

  /// One whole control transfer: SETUP, the data stage (IN packets until a short one or
  /// wLength; or `data` OUT), and the status stage.
  func control(_ setup: SetupPacket, data: [UInt8] = []) -> Outcome {
    event(.setup(setup))
    var received: [UInt8] = []
    if setup.isIn && setup.length > 0 {
      while true {
        if port.controller.controlStalled { return .stalled }
        guard let packet = port.controller.controlInArmed else { return .stalled }
        port.controller.controlInArmed = nil
        received += packet
        event(.controlInDone)
        if packet.count < 64 || received.count >= Int(setup.length) { break }
      }
      // Status: a zero-length OUT packet.
      guard port.controller.controlOutArmed else { return .stalled }
      port.controller.controlOutArmed = false
      port.controller.controlOutPacket = []
      event(.controlOutDone(count: 0))
      return .data(received)
    }
    if setup.length > 0 {
      if port.controller.controlStalled || !port.controller.controlOutArmed { return .stalled }
      port.controller.controlOutArmed = false
      port.controller.controlOutPacket = data
      event(.controlOutDone(count: data.count))
    }
    if port.controller.controlStalled { return .stalled }
    guard port.controller.controlInArmed == [] else { return .stalled }
    port.controller.controlInArmed = nil
    event(.controlInDone)
    return .data([])
  }

  /// GET_DESCRIPTOR; nil when stalled.
  func descriptor(type: UInt8, index: UInt8 = 0, language: UInt16 = 0, length: UInt16 = 255) -> [UInt8]? {
    let setup = SetupPacket(
      requestType: 0x80, request: 6, value: UInt16(type) << 8 | UInt16(index), index: language, length: length)
    guard case .data(let bytes) = control(setup) else { return nil }
    return bytes
  }

  /// A string descriptor decoded (ASCII), nil when stalled or malformed.
  func string(_ index: UInt8) -> String? {
    guard let bytes = descriptor(type: 3, index: index, language: 0x0409), bytes.count >= 2,
      Int(bytes[0]) == bytes.count, bytes[1] == 3
    else { return nil }
    let units = stride(from: 2, to: bytes.count, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
    return String(decoding: units, as: UTF16.self)
  }

  /// What Linux does from plug-in to `cdc_acm` opening the tty: reset, the first 64
  /// bytes of the device descriptor at address 0, reset, SET_ADDRESS, the device and
  /// configuration descriptors, the strings, SET_CONFIGURATION 1, then on open
  /// SET_CONTROL_LINE_STATE (DTR and RTS) and SET_LINE_CODING.
  func enumerateLikeLinux(address: UInt8 = 7) -> Bool {
    busReset()
    guard descriptor(type: 1, length: 64)?.count == 18 else { return false }
    busReset()
    guard control(SetupPacket(requestType: 0x00, request: 5, value: UInt16(address))) == .data([]),
      descriptor(type: 1, length: 18)?.count == 18,
      descriptor(type: 2, length: 9)?.count == 9,
      descriptor(type: 2)?.count == Descriptors.configurationLength,
      string(0) != nil, string(1) != nil, string(2) != nil, string(3) != nil,
      control(SetupPacket(requestType: 0x00, request: 9, value: 1)) == .data([])
    else { return false }
    return open()
  }

  /// `cdc_acm` opening the tty: DTR and RTS up, 115200 8N1.
  func open() -> Bool {
    control(SetupPacket(requestType: 0x21, request: 0x22, value: 3)) == .data([])
      && control(SetupPacket(requestType: 0x21, request: 0x20, length: 7), data: [0x00, 0xC2, 0x01, 0, 0, 0, 8])
        == .data([])
  }

  /// Delivers one bulk OUT packet (the endpoint must be armed).
  func sendBulk(_ bytes: [UInt8]) -> Bool {
    guard port.controller.bulkOutArmed else { return false }
    port.controller.bulkOutArmed = false
    port.controller.bulkOutPacket = bytes
    event(.bulkOutDone(count: bytes.count))
    return true
  }

  /// Takes the armed bulk IN packet, if any, and tells the device it went out.
  func takeBulk() -> [UInt8]? {
    guard let packet = port.controller.bulkInArmed else { return nil }
    port.controller.bulkInArmed = nil
    event(.bulkInDone)
    return packet
  }
}

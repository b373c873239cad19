/// A CDC-ACM serial port on a USB device controller: enumeration and class requests
/// (`CDCDevice`), endpoint 0 transfers, and a byte-at-a-time, never-blocking read and
/// write on the bulk endpoints, for a board's serial port.
///
/// `service()` handles what the controller reports; `read()` calls it when it has no
/// byte, so a loop that reads once a pass keeps the port alive. `write` stages bytes
/// into one 64-byte packet while the previous one is on the bus, and returns false
/// when both are taken (the host is not reading): the caller keeps the byte and tries
/// later. While no host has the port open (not configured, or DTR low) everything
/// written is discarded and counted in `discarded`, so nothing stale is sent when a
/// host opens the port.
///
/// A bulk IN transfer ends with a packet shorter than 64 bytes. When the last packet
/// sent was a full one and nothing more is staged by the time it completes, a
/// zero-length packet follows, so a host read that asked for more (Linux's `cdc_acm`
/// reads 128 bytes at a time) returns instead of waiting for the next bytes.
public struct USBSerial<Controller: USBController> {
  /// The chip's controller.
  public var controller: Controller
  /// Enumeration and CDC state.
  public private(set) var device: CDCDevice
  /// Bytes written while no host had the port open.
  public private(set) var discarded: UInt32 = 0
  /// Bus resets seen (each plug-in or re-enumeration is one or more).
  public private(set) var busResets: UInt32 = 0

  var pipe = ControlPipe()
  var staged = Bytes64()
  var stagedCount = 0
  var inFlight = false
  /// The packet on the bus (or the last one sent) is a full one: a zero-length packet
  /// ends the transfer if nothing follows it.
  var endsFull = false
  var received = 0
  var readIndex = 0
  /// A HID report is armed and the host has not taken it yet.
  var reportInFlight = false

  /// A port on `controller`, in the default state until the host resets the bus.
  public init(controller: Controller, identity: USBIdentity) {
    self.controller = controller
    device = CDCDevice(identity: identity)
  }

  /// True while a host has the port open (configured, DTR set).
  public var isOpen: Bool { device.isOpen }

  /// True once everything written has gone out (nothing staged, no packet on the bus
  /// and no zero-length packet owed), or while no host has the port open, when what
  /// is written is discarded.
  public var idle: Bool { !isOpen || (stagedCount == 0 && !inFlight && !endsFull) }

  /// The host asked for the bootloader with the 1200-baud touch (DTR dropped at 1200
  /// baud), and the request's status stage has gone out, so the host saw it succeed.
  public var bootloaderRequested: Bool { device.bootloaderTouched && pipe.stage == .idle }

  /// Handles up to 8 pending controller events, then sends a partly filled packet.
  public mutating func service() {
    for _ in 0..<8 {
      guard let event = controller.poll() else { break }
      handle(event)
    }
    flush()
  }

  /// The next received byte, or nil.
  public mutating func read() -> UInt8? {
    if readIndex >= received { service() }
    guard readIndex < received else { return nil }
    let byte = controller.bulkOutByte(at: readIndex)
    readIndex += 1
    if readIndex == received {
      received = 0
      readIndex = 0
      if device.configuration != 0 && device.halted & 2 == 0 { controller.bulkOut() }
    }
    return byte
  }

  /// Times the host has suspended the bus since boot.
  public private(set) var suspends: UInt32 = 0

  /// True when a HID input report can be sent now: configured, the report endpoint
  /// not halted, and the last report taken by the host.
  public var reportReady: Bool {
    device.configuration != 0 && device.halted & 8 == 0 && !reportInFlight
  }

  /// Arms the HID input report `id` with its data bytes (HIDReports: `high` only in
  /// the axis report); false when `reportReady` is not true, and nothing is sent.
  public mutating func sendReport(id: UInt8, data: UInt8, high: UInt8 = 0) -> Bool {
    guard reportReady else { return false }
    withUnsafeBytes(of: (id, data, high)) {
      controller.reportIn(UnsafeRawBufferPointer(rebasing: $0[0..<HIDReports.reportLength(id)]))
    }
    reportInFlight = true
    return true
  }

  /// Queues one byte for the host; false while the host is not taking packets.
  public mutating func write(_ byte: UInt8) -> Bool {
    guard isOpen else {
      discarded &+= 1
      return true
    }
    if stagedCount == Descriptors.packetSize {
      flush()
      if stagedCount == Descriptors.packetSize { return false }
    }
    staged[stagedCount] = byte
    stagedCount += 1
    if stagedCount == Descriptors.packetSize { flush() }
    return true
  }

  /// Hands the staged bytes to the bulk IN endpoint if it is free, or a zero-length
  /// packet after a full one when nothing is staged.
  mutating func flush() {
    guard stagedCount > 0 || endsFull, !inFlight, isOpen, device.halted & 4 == 0 else { return }
    withUnsafeBytes(of: staged) { controller.bulkIn(UnsafeRawBufferPointer(rebasing: $0[0..<stagedCount])) }
    endsFull = stagedCount == Descriptors.packetSize
    stagedCount = 0
    inFlight = true
  }

  mutating func handle(_ event: USBEvent) {
    switch event {
    case .busReset:
      busResets &+= 1
      device.reset()
      pipe.stage = .idle
      closeData()
      controller.busReset()
    case .setup(let packet): setup(packet)
    case .controlInDone: controlInDone()
    case .controlOutDone(let count): controlOutDone(count)
    case .bulkInDone: inFlight = false
    case .reportInDone: reportInFlight = false
    case .suspended: suspends &+= 1
    case .resumed: break
    case .bulkOutDone(let count):
      received = count
      readIndex = 0
      if count == 0 { controller.bulkOut() }
    }
  }

  /// Forgets the bulk endpoints' state (bus reset, deconfigured).
  mutating func closeData() {
    stagedCount = 0
    inFlight = false
    endsFull = false
    received = 0
    readIndex = 0
    reportInFlight = false
  }

  mutating func setup(_ packet: SetupPacket) {
    controller.resetControl()
    let wasOpen = isOpen
    let reply = withUnsafeMutableBytes(of: &pipe.reply) { device.setup(packet, reply: $0) }
    apply(device.effect)
    if wasOpen && !isOpen {  // the host closed the port: drop what it will not read
      stagedCount = 0
      endsFull = false
    }
    switch reply {
    case .send(let count) where packet.length > 0:
      pipe.startIn(count: count, requested: Int(packet.length))
      sendControlPacket()
    case .send, .acknowledge:
      pipe.stage = .statusIn
      controller.controlIn(UnsafeRawBufferPointer(start: nil, count: 0))
    case .receive(let count):
      pipe.stage = .dataOut(count: count)
      controller.controlOut()
    case .stall:
      pipe.stage = .idle
      controller.stallControl()
    }
  }

  /// Sends the next packet of an IN data stage, or arms the status stage after it.
  mutating func sendControlPacket() {
    guard let packet = pipe.nextPacket() else {
      pipe.stage = .statusOut
      controller.controlOut()
      return
    }
    withUnsafeBytes(of: pipe.reply) {
      controller.controlIn(UnsafeRawBufferPointer(rebasing: $0[packet.offset..<packet.offset + packet.count]))
    }
  }

  mutating func controlInDone() {
    switch pipe.stage {
    case .dataIn: sendControlPacket()
    case .statusIn:
      pipe.stage = .idle
      if device.statusSent() { controller.setAddress(device.address) }
    default: break
    }
  }

  mutating func controlOutDone(_ count: Int) {
    switch pipe.stage {
    case .dataOut(let expected):
      var data = Bytes64()
      let accepted = withUnsafeMutableBytes(of: &data) { buffer in
        let length = min(count, buffer.count)
        controller.controlOutData(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<length]))
        return count == expected && device.receive(UnsafeRawBufferPointer(rebasing: buffer[0..<length]))
      }
      if accepted {
        pipe.stage = .statusIn
        controller.controlIn(UnsafeRawBufferPointer(start: nil, count: 0))
      } else {
        pipe.stage = .idle
        controller.stallControl()
      }
    case .statusOut: pipe.stage = .idle
    default: break
    }
  }

  mutating func apply(_ effect: ControlEffect) {
    switch effect {
    case .none: break
    case .configured(let open):
      closeData()
      controller.configure(open)
      if open { controller.bulkOut() }
    case .halt(let endpoint, let halted):
      controller.halt(endpoint: endpoint, halted)
      guard !halted else { return }
      if endpoint == Descriptors.dataInEndpoint { inFlight = false }
      if endpoint == Descriptors.reportEndpoint { reportInFlight = false }
      if endpoint == Descriptors.dataOutEndpoint && readIndex >= received {
        received = 0
        readIndex = 0
        controller.bulkOut()
      }
    }
  }
}

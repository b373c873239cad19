import ForceUSB

/// A USB device controller in memory: the scripted host queues events and reads back
/// what the device armed, as a real controller's buffers would hold it.
struct FakeController: USBController {
  /// Events the host has caused and the device has not polled yet.
  var events: [USBEvent] = []
  var address: UInt8 = 0
  var configured = false
  var controlStalled = false
  /// The endpoint 0 IN packet armed, if any (empty: a status packet).
  var controlInArmed: [UInt8]?
  var controlOutArmed = false
  var controlOutPacket: [UInt8] = []
  var bulkInArmed: [UInt8]?
  var bulkOutArmed = false
  /// The HID report armed on endpoint 0x83, if any.
  var reportArmed: [UInt8]?
  var bulkOutPacket: [UInt8] = []
  var halted: Set<UInt8> = []
  var busResets = 0

  mutating func poll() -> USBEvent? { events.isEmpty ? nil : events.removeFirst() }

  mutating func busReset() {
    busResets += 1
    address = 0
    configure(false)
    resetControl()
  }

  mutating func setAddress(_ address: UInt8) { self.address = address }

  mutating func resetControl() {
    controlInArmed = nil
    controlOutArmed = false
    controlStalled = false
  }

  mutating func controlIn(_ bytes: UnsafeRawBufferPointer) {
    precondition(bytes.count <= 64, "control packet over 64 bytes")
    controlInArmed = Array(bytes)
  }

  mutating func controlOut() { controlOutArmed = true }

  func controlOutData(into buffer: UnsafeMutableRawBufferPointer) {
    for (index, byte) in controlOutPacket.prefix(buffer.count).enumerated() { buffer[index] = byte }
  }

  mutating func stallControl() {
    controlStalled = true
    controlInArmed = nil
    controlOutArmed = false
  }

  mutating func configure(_ open: Bool) {
    configured = open
    bulkInArmed = nil
    bulkOutArmed = false
    reportArmed = nil
    halted = []
  }

  mutating func bulkIn(_ bytes: UnsafeRawBufferPointer) {
    precondition(configured && bulkInArmed == nil && bytes.count <= 64, "bulk IN armed wrongly")
    bulkInArmed = Array(bytes)
  }

  mutating func reportIn(_ bytes: UnsafeRawBufferPointer) {
    precondition(configured && reportArmed == nil && bytes.count <= 8, "report IN armed wrongly")
    reportArmed = Array(bytes)
  }

  mutating func bulkOut() {
    precondition(configured, "bulk OUT armed while not configured")
    bulkOutArmed = true
  }

  func bulkOutByte(at index: Int) -> UInt8 { bulkOutPacket[index] }

  mutating func halt(endpoint: UInt8, _ on: Bool) {
    if on { halted.insert(endpoint) } else { halted.remove(endpoint) }
  }
}

/// What the device side needs from a USB device controller: one conformance per chip
/// (`RP2040.USBDeviceController`), one scripted fake in the tests. Everything is
/// polled and non-blocking; packets are at most `Descriptors.packetSize` bytes.
///
/// Endpoint 0 carries control transfers; the bulk endpoints are
/// `Descriptors.dataOutEndpoint` and `dataInEndpoint`. The controller keeps the data
/// toggles: DATA1 for the first packet after a SETUP, DATA0 for the bulk endpoints
/// after `configure(true)` or a cleared halt.
public protocol USBController {
  /// The next thing that happened on the bus, or nil. Buffer completions that happened
  /// before a SETUP are reported before it.
  mutating func poll() -> USBEvent?
  /// After a bus reset: address 0, bulk endpoints closed, nothing armed.
  mutating func busReset()
  /// Answers at `address` from now on.
  mutating func setAddress(_ address: UInt8)
  /// A SETUP arrived: endpoint 0 drops anything armed and its stall, next packet DATA1.
  mutating func resetControl()
  /// Arms one endpoint 0 IN packet (empty: a status stage).
  mutating func controlIn(_ bytes: UnsafeRawBufferPointer)
  /// Arms endpoint 0 OUT for one packet (a data stage or a status stage).
  mutating func controlOut()
  /// Copies the endpoint 0 OUT packet just received into `buffer`.
  func controlOutData(into buffer: UnsafeMutableRawBufferPointer)
  /// STALLs endpoint 0 in both directions until the next SETUP.
  mutating func stallControl()
  /// Opens (true) or closes the notification, bulk and report endpoints.
  mutating func configure(_ open: Bool)
  /// Arms one bulk IN packet.
  mutating func bulkIn(_ bytes: UnsafeRawBufferPointer)
  /// Arms one packet on the HID interface's interrupt IN endpoint
  /// (`Descriptors.reportEndpoint`), sent when the host next polls it.
  mutating func reportIn(_ bytes: UnsafeRawBufferPointer)
  /// Arms the bulk OUT endpoint for one packet.
  mutating func bulkOut()
  /// Byte `index` of the bulk OUT packet just received.
  func bulkOutByte(at index: Int) -> UInt8
  /// Sets or clears an endpoint's STALL (a clear also resets its toggle to DATA0).
  mutating func halt(endpoint: UInt8, _ halted: Bool)
}

/// Something the controller saw on the bus.
public enum USBEvent: Equatable, Sendable {
  /// The host reset the bus (plugged in, re-enumerating, or recovering).
  case busReset
  /// A SETUP packet on endpoint 0.
  case setup(SetupPacket)
  /// The armed endpoint 0 IN packet went out.
  case controlInDone
  /// An endpoint 0 OUT packet of `count` bytes arrived.
  case controlOutDone(count: Int)
  /// The armed bulk IN packet went out.
  case bulkInDone
  /// The armed HID report went out.
  case reportInDone
  /// A bulk OUT packet of `count` bytes arrived.
  case bulkOutDone(count: Int)
  /// The host suspended the bus (no start of frame for 3 ms): nothing is polled until
  /// it resumes.
  case suspended
  /// The bus left the suspended state.
  case resumed
}

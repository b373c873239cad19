import ForceEngine

/// One USB HID input report, as the firmware asks for it (Docs/usb.md): the board
/// turns it into the report of its descriptor.
public enum HIDInput: Equatable, Sendable {
  /// The keyboard report: one key code of the Keyboard page pressed, 0 none.
  case key(UInt8)
  /// The wheel report: detents since the last one, positive away from the user.
  case wheel(Int8)
  /// The consumer report: bit 0 Volume Increment, bit 1 Volume Decrement, 0 none.
  case consumer(UInt8)
  /// The axis report: 0...32 767.
  case axis(UInt16)
}

/// A USB HID interface beside the serial port (the Pico's own USB), through which the
/// picker's steps reach any application (`HIDSteps`, `hid_mode`).
public protocol HIDPort {
  /// What the firmware keeps for the interface: `HIDSteps` on a board with one,
  /// `NoHIDSteps` (no bytes) on the others.
  associatedtype StepQueue: HIDStepQueue = NoHIDSteps
  /// Whether the board has one (a constant: a board without one compiles none of it).
  var hasHID: Bool { get }
  /// Hands `input` to the interrupt IN endpoint. False, and nothing sent, while the
  /// host has not taken the last report or the device is not configured.
  mutating func sendHID(_ input: HIDInput) -> Bool
  /// Wheel units per detent the host asked for: 1, or the descriptor's resolution
  /// multiplier once the host has turned it on (`HIDReports.wheelMultiplier`).
  var wheelUnitsPerDetent: Int32 { get }
  /// Times the host has suspended the bus since boot.
  var hidSuspends: UInt32 { get }
}

/// A board without a HID interface: the micro:bit (its USB is the interface chip's),
/// SITL, QEMU.
extension HIDPort {
  /// None.
  public var hasHID: Bool { false }
  /// Nothing to send through.
  public mutating func sendHID(_ input: HIDInput) -> Bool { false }
  /// Whole detents.
  public var wheelUnitsPerDetent: Int32 { 1 }
  /// No bus to suspend.
  public var hidSuspends: UInt32 { 0 }
}

/// The firmware's side of a HID interface: the steps on their way (`HIDSteps`).
public protocol HIDStepQueue {
  /// Nothing waiting.
  init()
  /// Nothing waits to go out.
  var idle: Bool { get }
  /// Takes the mode, the keys and the range from `parameters`.
  mutating func configure(_ parameters: Parameters)
  /// The engine restarted: its value jumps to the start without a step.
  mutating func restart()
  /// Whether `frame` needs the position in thousandths of an item (the wheel's).
  var wantsPosition: Bool { get }
  /// Records one engine frame, at `positionMilli` thousandths of an item (0 unless
  /// `wantsPosition`).
  mutating func frame(_ output: FrameOutput, positionMilli: Int32)
  /// Asks for the all-released report.
  mutating func releaseAll()
  /// Hands the next report to `port`.
  mutating func pump<P: HIDPort>(_ port: inout P)
}

/// No HID interface: nothing kept, nothing done.
public struct NoHIDSteps: HIDStepQueue {
  public init() {}
  public var idle: Bool { true }
  public mutating func configure(_ parameters: Parameters) {}
  public mutating func restart() {}
  public var wantsPosition: Bool { false }
  public mutating func frame(_ output: FrameOutput, positionMilli: Int32) {}
  public mutating func releaseAll() {}
  public mutating func pump<P: HIDPort>(_ port: inout P) {}
}

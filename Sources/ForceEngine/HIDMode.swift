/// What the Pico's USB HID interface sends for the picker (`hid_mode`, Docs/usb.md):
/// nothing, a key per value step, a wheel detent per step, a volume key per step, or
/// the value itself as an absolute axis. The raw value is the parameter's value.
public enum HIDMode: Int32, Sendable {
  /// No reports: the HID interface is there and silent.
  case off = 0
  /// `hid_key_up` or `hid_key_down` pressed and released per step, `hid_key_commit` on a commit.
  case keyboard = 1
  /// One wheel detent per step: up scrolls up.
  case wheel = 2
  /// Volume Increment or Volume Decrement pressed and released per step.
  case consumer = 3
  /// The value, range_min to range_max, as an absolute axis from 0 to 32 767.
  case axis = 4

  /// Number of modes (raw values 0..<count).
  public static let count: Int32 = 5

  /// Public name, as used by `--set hid_mode=NAME`.
  public var name: StaticString {
    switch self {
    case .off: "off"
    case .keyboard: "keyboard"
    case .wheel: "wheel"
    case .consumer: "consumer"
    case .axis: "axis"
    }
  }
}

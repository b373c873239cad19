import ForceEngine

/// What a parameter is for, in the words people read: its group and a one-line
/// summary. One home for `forcectl`'s texts, Docs/parameters.md (generated from it)
/// and the web tuner (the module's `fp_param_summary`, `fp_param_group`).
public enum ParameterGroup: UInt8, CaseIterable, Sendable {
  case technique
  case thresholds
  case speed
  case timing
  case value
  case calibration
  case health
  case usb

  /// The group's heading.
  public var title: StaticString {
    switch self {
    case .technique: "Technique"
    case .thresholds: "Thresholds"
    case .speed: "Speed"
    case .timing: "Smoothing and timing"
    case .value: "Range and value"
    case .calibration: "Calibration"
    case .health: "The cells' health"
    case .usb: "USB HID (Pico)"
    }
  }
}

extension ParameterID {
  /// The parameter's group and its one-line summary; every parameter has one (the
  /// switch is exhaustive).
  public var guide: (group: ParameterGroup, summary: StaticString) {
    switch self {
    case .sampleRateHz: (.timing, "frames per second")
    case .technique: (.technique, "direction technique")
    case .sensitivity: (.technique, "light, normal or firm")
    case .contactThreshold: (.thresholds, "force that counts as touch")
    case .restThreshold: (.thresholds, "top of the resting zone")
    case .boostThreshold: (.thresholds, "start of the boosted zone")
    case .hysteresis: (.thresholds, "dead band below every zone edge")
    case .rollThreshold: (.technique, "balance change that flips direction")
    case .speedNormalMax: (.speed, "speed at the top of the normal zone")
    case .speedBoostMin: (.speed, "speed at the boost threshold")
    case .speedBoostMax: (.speed, "speed at full scale and above")
    case .filterMs: (.timing, "low-pass time constant")
    case .quickReleaseMs: (.timing, "longest lift that commits the value from before the lift")
    case .pulseWindowMs: (.technique, "longest pulse that toggles direction")
    case .pressThroughLevel: (.technique, "force that enters reverse mode")
    case .rangeMin: (.value, "smallest value")
    case .rangeMax: (.value, "largest value")
    case .startValue: (.value, "value at power-up")
    case .wrap: (.value, "wrap around at the ends instead of clamping")
    case .leftOffset: (.calibration, "left cell reading at rest")
    case .rightOffset: (.calibration, "right cell reading at rest")
    case .leftGain: (.calibration, "left cell gain")
    case .rightGain: (.calibration, "right cell gain")
    case .leftCurve: (.calibration, "left cell linearization (0 = linear)")
    case .rightCurve: (.calibration, "right cell linearization (0 = linear)")
    case .baselineRate: (.health, "fastest a cell's learned rest level follows drift at rest (0 = off)")
    case .baselineLimit: (.health, "farthest the learned rest level may move from the offset")
    case .faultMs: (.health, "time a reading must be open or railed to be a fault (0 = off)")
    case .railLevel: (.health, "reading at or above which a cell counts as shorted to the rail")
    case .fsrLaw: (.calibration, "read presses above a preloaded rest by the FSR's power law (0 = linear)")
    case .probeMs: (.health, "time between pull-up probes that tell a floating pin from a connected one (0 = off)")
    case .hidMode: (.usb, "what a value step sends over USB HID: off, keyboard, wheel, consumer or axis")
    case .hidKeyUp: (.usb, "key code a step up presses in keyboard mode (82 = Up Arrow)")
    case .hidKeyDown: (.usb, "key code a step down presses in keyboard mode (81 = Down Arrow)")
    case .hidKeyCommit: (.usb, "key code a commit presses in keyboard mode (40 = Enter, 0 = none)")
    }
  }
}

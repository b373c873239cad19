import ForceEngine

extension ParameterID {
  /// One-line description for people (`forcectl params`, Docs/parameters.md). Only the
  /// host shows it, so it lives here and not in the device's parameter table.
  public var summary: String { ParameterSummaries.rows[Int(rawValue)].summary }
}

/// The descriptions of the parameters, keyed by the names of the engine's parameter
/// table in id order (a test checks every key against the table).
public enum ParameterSummaries {
  /// (name, description) in id order.
  public static let rows: [(name: String, summary: String)] = [
    ("sample_rate_hz", "frames per second"),
    ("technique", "direction technique"),
    ("sensitivity", "light, normal or firm"),
    ("contact_threshold", "force that counts as touch"),
    ("rest_threshold", "top of the resting zone"),
    ("boost_threshold", "start of the boosted zone"),
    ("hysteresis", "dead band below every zone edge"),
    ("roll_threshold", "balance change that flips direction"),
    ("speed_normal_max", "speed at the top of the normal zone"),
    ("speed_boost_min", "speed at the boost threshold"),
    ("speed_boost_max", "speed at full scale and above"),
    ("filter_ms", "low-pass time constant"),
    ("quick_release_ms", "longest lift that commits the value from before the lift"),
    ("pulse_window_ms", "longest pulse that toggles direction"),
    ("press_through_level", "force that enters reverse mode"),
    ("range_min", "smallest value"),
    ("range_max", "largest value"),
    ("start_value", "value at power-up"),
    ("wrap", "wrap around at the ends instead of clamping"),
    ("left_offset", "left cell reading at rest"),
    ("right_offset", "right cell reading at rest"),
    ("left_gain", "left cell gain"),
    ("right_gain", "right cell gain"),
    ("left_curve", "left cell linearization (0 = linear)"),
    ("right_curve", "right cell linearization (0 = linear)"),
    ("baseline_rate", "fastest a cell's learned rest level follows drift at rest (0 = off)"),
    ("baseline_limit", "farthest the learned rest level may move from the offset"),
    ("fault_ms", "time a reading must be open or railed to be a fault (0 = off)"),
    ("rail_level", "reading at or above which a cell counts as shorted to the rail"),
    ("fsr_law", "read presses above a preloaded rest by the FSR's power law (0 = linear)"),
    ("probe_ms", "time between pull-up probes that tell a floating pin from a connected one (0 = off)"),
  ]
}

extension TableText: CustomStringConvertible {
  /// The text.
  public var description: String { String(decoding: bytes, as: UTF8.self) }
}

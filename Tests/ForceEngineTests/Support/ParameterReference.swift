import ForceEngine
import ForceTrace

/// Generates `Docs/parameters.md` from the parameter table (`ParameterID.info`) and
/// the rules (`ParameterRule`), so the reference cannot drift from the code.
enum ParameterReference {
  /// The whole Markdown file.
  static func markdown() -> String {
    var lines = [
      "# Parameter reference",
      "",
      "<!-- Generated from the parameter table (ParameterID.info) by ParameterReferenceTests; do not edit.",
      "     Regenerate: FORCEPICKER_UPDATE_DOCS=1 swift test --filter ParameterReferenceTests -->",
      "",
      "Every tunable setting of the engine. The names are the public interface: `forcectl params`,",
      "`--set NAME=VALUE`, parameter files and the serial protocol all use them. Every value is a",
      "whole number; `technique`, `sensitivity` and `hid_mode` also take their names (`technique=pulse`).",
      "",
      "| name | unit | range | default | meaning | details |",
      "|---|---|---|---|---|---|",
    ]
    for index in 0..<ParameterID.count {
      let id = ParameterID.at(index)!
      let info = id.info
      let range = symbols(id) ?? "\(info.min) … \(info.max)"
      let fallback = "\(info.defaultValue)"
      let value = id.symbol(for: info.defaultValue).map { "\(info.defaultValue) (`\($0)`)" } ?? fallback
      let (label, link) = details(id)
      lines.append("| `\(info.name)` | \(info.unit) | \(range) | \(value) | \(id.summary) | [\(label)](\(link)) |")
    }
    lines += [
      "",
      "## Rules",
      "",
      "Besides its own range, a parameter set must keep these relations. A value that breaks a range",
      "or a rule is rejected with a message naming the parameter and the rule, and nothing changes;",
      "several values set in one batch (`params set A=1 B=2`, a parameter file) are checked together.",
      "",
    ]
    for raw in 1...ParameterRule.relationCount {
      lines.append("- `\(ParameterRule(rawValue: UInt8(raw))!.text)`")
    }
    lines += [
      "",
      "## Stored layout",
      "",
      "Layout version \(Parameters.layoutVersion): \(ParameterID.count) little-endian 32-bit integers in the",
      "order of the table above. Parameter files and the device handshake carry the schema hash",
      "`0x\(hex(Parameters.schemaHash))` (FNV-1a over the names, defaults and ranges).",
      "",
      "## Parameter files",
      "",
      "`forcectl params export FILE` writes JSON: `\"format\": \"forcepicker-parameters\"`, `layout_version`,",
      "`schema_hash`, and a `parameters` object with every value by name (`technique` and `sensitivity`",
      "by their names). `--profile FILE`, `params import FILE` and `params diff FILE` read that JSON,",
      "with any subset of the names, or plain `NAME=VALUE` lines with `#` comments. A file written",
      "for another layout version is rejected, and so is one that sets nothing (empty, only",
      "comments, an empty `parameters` object), a `\"format\"` other than `\"forcepicker-parameters\"`,",
      "a key other than those four (with a did-you-mean),",
      "a name given twice (in JSON or as lines), and JSON that is cut short or malformed. Each",
      "error names the file, and the line and column of the value or the name (the first line of",
      "a name given twice too); a value the engine refuses, its range or a rule, is named at the",
      "line of the file that set it:",
      "",
      "```text",
      "Error: tuned.json: line 2, column 13: \"format\" is 'vscode-settings'; a parameter file's is \"forcepicker-parameters\"",
      "Error: tuned.json: line 4, column 5: 'rest_threshold' is given twice (first on line 3)",
      "Error: tuned.json: line 5, column 1: the file ends inside the JSON (it is cut short?): expected a \"name\"",
      "Error: tuned.txt: line 1, column 19: contact_threshold: 300 breaks the rule contact_threshold < rest_threshold - hysteresis",
      "```",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `0 thumb-roll, 1 pulse, …` for enum parameters, nil for numbers.
  static func symbols(_ id: ParameterID) -> String? {
    guard id.symbol(for: id.info.min) != nil else { return nil }
    let values = (id.info.min...id.info.max).map { "\($0) `\(id.symbol(for: $0)!)`" }
    return values.joined(separator: ", ")
  }

  /// The section of Docs that explains the parameter: link text and target.
  static func details(_ id: ParameterID) -> (String, String) {
    switch id {
    case .sampleRateHz: return ("the device", "signal-chain.md#the-device")
    case .sensitivity, .filterMs, .leftOffset, .rightOffset, .leftGain, .rightGain, .leftCurve, .rightCurve, .fsrLaw:
      return ("signal chain", "signal-chain.md#per-frame-in-order")
    case .contactThreshold, .restThreshold, .boostThreshold, .hysteresis:
      return ("zones", "signal-chain.md#zones-with-hysteresis")
    case .speedNormalMax, .speedBoostMin, .speedBoostMax:
      return ("transfer function", "signal-chain.md#transfer-function-force-to-speed")
    case .technique: return ("techniques", "techniques.md")
    case .rollThreshold: return ("thumb-roll", "techniques.md#thumb-roll")
    case .pulseWindowMs: return ("pulse", "techniques.md#pulse")
    case .pressThroughLevel: return ("press-through", "techniques.md#press-through")
    case .quickReleaseMs: return ("quick release", "value-model.md#quick-release")
    case .rangeMin, .rangeMax, .startValue, .wrap: return ("range", "value-model.md#range-and-position")
    case .baselineRate, .baselineLimit: return ("rest tracking", "sensor-faults.md#rest-tracking")
    case .faultMs, .railLevel: return ("faults", "sensor-faults.md#faults")
    case .probeMs: return ("the pull-up probe", "sensor-faults.md#the-pull-up-probe")
    case .hidMode, .hidKeyUp, .hidKeyDown, .hidKeyCommit: return ("USB HID", "usb.md#what-the-picker-sends")
    }
  }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}

import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation

/// Offsets and gains proposed from the recordings of `forcectl calibrate`: at rest, a
/// firm left press, a firm right press and, optionally, a medium left press and a
/// medium right press (raw readings).
public struct CalibrationProposal: Equatable, Sendable {
  public var leftOffset: Int32
  public var rightOffset: Int32
  public var leftGain: Int32
  public var rightGain: Int32
  /// What was measured, for the user.
  public var restLeft: Double, restRight: Double, leftPeak: Double, rightPeak: Double
  /// The medium presses' totals above the offsets (0 without medium presses).
  public var leftMedium = 0.0, rightMedium = 0.0

  /// The force a firm press should read (close to full scale).
  public static let target = CalibrationFit.target
  /// Smallest margin above the rest mean, raw counts.
  public static let minimumMargin = CalibrationFit.minimumMargin

  /// One of the recordings calibration asks for.
  public enum Step: String, Sendable {
    case rest = "rest"
    case left = "left press"
    case right = "right press"
    case mediumLeft = "left medium press"
    case mediumRight = "right medium press"
  }

  /// Offset = rest mean + max(8, 3σ), so noise at rest reads 0; gain so that the
  /// 90th percentile of the firm press reads `target` after the offset, or, with the
  /// medium presses, so that each medium press's total reads
  /// `CalibrationFit.mediumTarget`. The maths is `CalibrationFit` (ForceTrace), shared
  /// with the simulated study's participants.
  ///
  /// Refuses, naming the cell, the step and the reason, when the readings show a
  /// broken cell (`checkReadings`), or a press too light to measure, or a medium press
  /// as firm as the firm one.
  public static func from(
    rest: [RawFrame], left: [RawFrame], right: [RawFrame], medium: (left: [RawFrame], right: [RawFrame])? = nil,
    railLevel: Int32 = ParameterID.railLevel.info.defaultValue
  ) throws(DeviceError) -> CalibrationProposal {
    let enough = CalibrationFit.minimumFrames
    let mediumCounts = medium.map { [$0.left.count, $0.right.count] } ?? []
    guard ([rest.count, left.count, right.count] + mediumCounts).allSatisfy({ $0 >= enough }) else {
      throw DeviceError.invalid("too few samples to calibrate (need at least 10 per step; is telemetry streaming?)")
    }
    try checkReadings(rest: rest, left: left, right: right, railLevel: railLevel)
    if let medium {
      try checkReadings(rest: rest, left: medium.left, right: medium.right, railLevel: railLevel, medium: true)
    }
    let fit: CalibrationFit
    do {
      if let medium {
        fit = try CalibrationFit.from(
          rest: rest, left: left, right: right, mediumLeft: medium.left, mediumRight: medium.right)
      } else {
        fit = try CalibrationFit.from(rest: rest, left: left, right: right)
      }
    } catch {
      throw DeviceError.invalid(error.message)
    }
    var proposal = CalibrationProposal(
      leftOffset: fit.leftOffset, rightOffset: fit.rightOffset, leftGain: fit.leftGain, rightGain: fit.rightGain,
      restLeft: fit.restLeft, restRight: fit.restRight, leftPeak: fit.leftPeak, rightPeak: fit.rightPeak)
    proposal.leftMedium = fit.leftMedium
    proposal.rightMedium = fit.rightMedium
    return proposal
  }

  /// The four parameters as one all-or-nothing batch.
  public var batch: ParamBatch {
    var batch = ParamBatch()
    batch.append(ParamValue(.leftOffset, leftOffset))
    batch.append(ParamValue(.rightOffset, rightOffset))
    batch.append(ParamValue(.leftGain, leftGain))
    batch.append(ParamValue(.rightGain, rightGain))
    return batch
  }

  /// Human-readable summary.
  public var summary: String {
    let medium =
      leftMedium > 0 || rightMedium > 0
      ? ", left medium \(Int(leftMedium.rounded())), right medium \(Int(rightMedium.rounded())) above rest" : ""
    return """
        measured: rest left \(String(format: "%.1f", restLeft)), rest right \(String(format: "%.1f", restRight)), \
      left press \(Int(leftPeak)), right press \(Int(rightPeak))\(medium)
        proposed: left_offset=\(leftOffset) right_offset=\(rightOffset) left_gain=\(leftGain) right_gain=\(rightGain)
      """
  }

  /// Refuses a step during which the device reported a cell `open`, `railed`, `stuck`
  /// or `intermittent` (`faults`: the first such fault each cell showed in the step's
  /// telemetry). `drifted` is no reason: calibrating is its remedy.
  public static func check(faults: CellFaults, during step: Step) throws(DeviceError) {
    for (cell, fault) in faults.cells where fault.holds {
      throw refusal(cell, step, "was \(fault.explained)")
    }
  }

  /// Refuses readings that only a broken cell gives: a rest or press at or above
  /// `rail_level` (shorted to the supply?); a cell that never changes by one count
  /// through the rest step or its own press while the other cell does (frozen; a steady
  /// 0 is an unloaded cell at rest, or an open one, which its press shows); a press that
  /// never rises above the cell's rest (not pressed, or a broken lead).
  /// With `medium`, `left` and `right` are the medium presses and errors name them.
  public static func checkReadings(
    rest: [RawFrame], left: [RawFrame], right: [RawFrame], railLevel: Int32, medium: Bool = false
  ) throws(DeviceError) {
    let presses: [(cell: String, step: Step, frames: [RawFrame])] = [
      ("left", medium ? .mediumLeft : .left, left), ("right", medium ? .mediumRight : .right, right),
    ]
    func readings(_ frames: [RawFrame], _ cell: String) -> [Double] {
      frames.map { Double(cell == "left" ? $0.left : $0.right) }
    }
    let rail = Double(railLevel)
    for (cell, step, frames) in presses {
      let restMean = CalibrationFit.mean(readings(rest, cell))
      if restMean >= rail {
        throw refusal(
          cell, .rest, "sat at the rail (\(Int(restMean.rounded())), rail_level \(railLevel): shorted to the supply?)")
      }
      let peak = CalibrationFit.percentile(readings(frames, cell), 0.9)
      if peak >= rail {
        throw refusal(cell, step, "sat at the rail (\(Int(peak)), rail_level \(railLevel): shorted to the supply?)")
      }
    }
    // The rest step for both cells, then each cell's own press (the other cell may
    // well hold still while one is pressed).
    let stillChecks: [(cell: String, step: Step, frames: [RawFrame])] =
      [("left", .rest, rest), ("right", .rest, rest)] + presses
    for (cell, step, frames) in stillChecks {
      let other = cell == "left" ? "right" : "left"
      let values = readings(frames, cell)
      let others = readings(frames, other)
      guard let first = values.first, values.allSatisfy({ $0 == first }), others.contains(where: { $0 != others[0] })
      else { continue }
      if first == 0 { continue }  // unloaded, or open: the press shows which
      throw refusal(cell, step, "never changed from \(Int(first)) while the \(other) cell did (stuck: reading frozen)")
    }
    for (cell, step, frames) in presses {
      let restHigh = readings(rest, cell).max() ?? 0
      let peak = CalibrationFit.percentile(readings(frames, cell), 0.9)
      if peak <= restHigh {
        throw DeviceError.invalid(
          "calibration refused: the \(cell) cell did not rise above its rest (press \(Int(peak)), rest up to \(Int(restHigh))) during the \(step.rawValue) step: press the \(cell) side \(medium ? "at medium force" : "firmly"); if you did, its lead may be broken: check the \(cell) cell's wiring (Hardware/wiring.md); no parameter changed"
        )
      }
    }
  }

  /// "calibration refused: the right cell <reason> during the rest step: check the right
  /// cell's wiring (Hardware/wiring.md); no parameter changed".
  static func refusal(_ cell: String, _ step: Step, _ reason: String) -> DeviceError {
    .invalid(
      "calibration refused: the \(cell) cell \(reason) during the \(step.rawValue) step: check the \(cell) cell's wiring (Hardware/wiring.md); no parameter changed"
    )
  }
}

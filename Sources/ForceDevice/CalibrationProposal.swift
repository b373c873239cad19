import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation

/// Offsets and gains proposed from three recordings: at rest, a firm left press and
/// a firm right press (raw readings).
public struct CalibrationProposal: Equatable, Sendable {
  public var leftOffset: Int32
  public var rightOffset: Int32
  public var leftGain: Int32
  public var rightGain: Int32
  /// What was measured, for the user.
  public var restLeft: Double, restRight: Double, leftPeak: Double, rightPeak: Double

  /// The force a firm press should read (close to full scale).
  public static let target = CalibrationFit.target
  /// Smallest margin above the rest mean, raw counts.
  public static let minimumMargin = CalibrationFit.minimumMargin

  /// One of the three recordings calibration asks for.
  public enum Step: String, Sendable {
    case rest = "rest"
    case left = "left press"
    case right = "right press"
  }

  /// Offset = rest mean + max(8, 3σ), so noise at rest reads 0; gain so that the
  /// 90th percentile of the press reads `target` after the offset. The maths is
  /// `CalibrationFit` (ForceTrace), shared with the simulated study's participants.
  ///
  /// Refuses, naming the cell, the step and the reason, when the readings show a
  /// broken cell (`checkReadings`), or a press too light to measure.
  public static func from(
    rest: [RawFrame], left: [RawFrame], right: [RawFrame],
    railLevel: Int32 = ParameterID.railLevel.info.defaultValue
  ) throws(DeviceError) -> CalibrationProposal {
    let enough = CalibrationFit.minimumFrames
    guard rest.count >= enough, left.count >= enough, right.count >= enough else {
      throw DeviceError.invalid("too few samples to calibrate (need at least 10 per step; is telemetry streaming?)")
    }
    try checkReadings(rest: rest, left: left, right: right, railLevel: railLevel)
    let fit: CalibrationFit
    do { fit = try CalibrationFit.from(rest: rest, left: left, right: right) } catch {
      throw DeviceError.invalid(error.message)
    }
    return CalibrationProposal(
      leftOffset: fit.leftOffset, rightOffset: fit.rightOffset, leftGain: fit.leftGain, rightGain: fit.rightGain,
      restLeft: fit.restLeft, restRight: fit.restRight, leftPeak: fit.leftPeak, rightPeak: fit.rightPeak)
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
    """
      measured: rest left \(String(format: "%.1f", restLeft)), rest right \(String(format: "%.1f", restRight)), \
    left press \(Int(leftPeak)), right press \(Int(rightPeak))
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

  /// How far above its median a cell's reading may rise during the rest step, raw
  /// counts: more is a press during the rest step (an offset from it would swallow
  /// light presses), not noise.
  public static let unsteadyRest = 100.0

  /// Refuses readings that only a broken cell gives: a rest or press at or above
  /// `rail_level` (shorted to the supply?); a cell that never changes by one count
  /// through the rest step or its own press while the other cell does (frozen; a steady
  /// 0 is an unloaded cell at rest, or an open one, which its press shows); a press that
  /// never rises above the cell's rest (not pressed, or a broken lead). Refuses, too, a
  /// rest step that was not at rest: a reading more than `unsteadyRest` above the
  /// cell's median.
  public static func checkReadings(
    rest: [RawFrame], left: [RawFrame], right: [RawFrame], railLevel: Int32
  ) throws(DeviceError) {
    let presses: [(cell: String, step: Step, frames: [RawFrame])] = [("left", .left, left), ("right", .right, right)]
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
    for cell in ["left", "right"] {
      let values = readings(rest, cell)
      let median = CalibrationFit.percentile(values, 0.5)
      let high = values.max() ?? 0
      if high - median > unsteadyRest {
        throw DeviceError.invalid(
          "calibration refused: the \(cell) cell was not steady during the rest step (readings up to \(Int(high)), most near \(Int(median))): leave the cap untouched, or rest your thumb lightly and still, and calibrate again; no parameter changed"
        )
      }
    }
    for (cell, step, frames) in presses {
      let restHigh = readings(rest, cell).max() ?? 0
      let peak = CalibrationFit.percentile(readings(frames, cell), 0.9)
      if peak <= restHigh {
        throw DeviceError.invalid(
          "calibration refused: the \(cell) cell did not rise above its rest (press \(Int(peak)), rest up to \(Int(restHigh))) during the \(step.rawValue) step: press the \(cell) side firmly; if you did, its lead may be broken: check the \(cell) cell's wiring (Hardware/wiring.md); no parameter changed"
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

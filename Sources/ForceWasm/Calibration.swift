import ForceEngine
import ForceHostCore
import ForceProtocol

// Guided calibration for the page: JavaScript adds each telemetry frame to the step
// being recorded (`fp_calibration_add`; rest, firm left, firm right, medium left,
// medium right), then asks for the proposal (`fp_calibrate`), computed by
// ForceHostCore's `CalibrationCheck`, as `forcectl calibrate` does.

/// One step's readings, at most `capacity` frames (further frames are not kept).
struct StepReadings {
  var left = (Block4K(), Block4K())
  var right = (Block4K(), Block4K())
  var count = 0

  static let capacity = 4096

  /// The readings of both cells, as a recording.
  mutating func recording() -> CalibrationRecording<UnsafeBufferPointer<UInt16>> {
    let count = count
    let leftStart = withUnsafeMutablePointer(to: &left) { UnsafeRawPointer($0).assumingMemoryBound(to: UInt16.self) }
    let rightStart = withUnsafeMutablePointer(to: &right) { UnsafeRawPointer($0).assumingMemoryBound(to: UInt16.self) }
    return CalibrationRecording(
      left: UnsafeBufferPointer(start: leftStart, count: count),
      right: UnsafeBufferPointer(start: rightStart, count: count))
  }

  mutating func add(left reading: UInt16, right other: UInt16) {
    guard count < Self.capacity else { return }
    withUnsafeMutablePointer(to: &left) {
      UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt16.self)[count] = reading
    }
    withUnsafeMutablePointer(to: &right) {
      UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt16.self)[count] = other
    }
    count &+= 1
  }
}

/// The five steps' readings.
struct CalibrationSteps {
  var rest = StepReadings()
  var left = StepReadings()
  var right = StepReadings()
  var mediumLeft = StepReadings()
  var mediumRight = StepReadings()
}

nonisolated(unsafe) var calibration = CalibrationSteps()

/// Forgets every step's readings (a new calibration).
@_expose(wasm, "fp_calibration_reset")
@_cdecl("fp_calibration_reset")
public func fpCalibrationReset() {
  calibration.rest.count = 0
  calibration.left.count = 0
  calibration.right.count = 0
  calibration.mediumLeft.count = 0
  calibration.mediumRight.count = 0
}

/// Adds one frame's raw readings to step `step` (0 rest, 1 left press, 2 right press,
/// 3 left medium press, 4 right medium press); readings are clamped to 0…1023.
@_expose(wasm, "fp_calibration_add")
@_cdecl("fp_calibration_add")
public func fpCalibrationAdd(_ step: Int32, _ left: Int32, _ right: Int32) {
  switch step {
  case 0: calibration.rest.add(left: reading(left), right: reading(right))
  case 1: calibration.left.add(left: reading(left), right: reading(right))
  case 2: calibration.right.add(left: reading(left), right: reading(right))
  case 3: calibration.mediumLeft.add(left: reading(left), right: reading(right))
  case 4: calibration.mediumRight.add(left: reading(left), right: reading(right))
  default: break
  }
}

/// Frames recorded for step `step`, or -1 for no step.
@_expose(wasm, "fp_calibration_count")
@_cdecl("fp_calibration_count")
public func fpCalibrationCount(_ step: Int32) -> Int32 {
  switch step {
  case 0: return Int32(calibration.rest.count)
  case 1: return Int32(calibration.left.count)
  case 2: return Int32(calibration.right.count)
  case 3: return Int32(calibration.mediumLeft.count)
  case 4: return Int32(calibration.mediumRight.count)
  default: return -1
  }
}

/// The proposal from the five recorded steps (the gains from the medium presses),
/// checked against the device's `rail_level`.
/// Accepted: writes the four parameters as a `paramSetBatch` row (count, id0, value0, …)
/// and the summary to the document area, and returns the summary's length. Refused:
/// writes the reason to the document area and returns minus its length.
@_expose(wasm, "fp_calibrate")
@_cdecl("fp_calibrate")
public func fpCalibrate(_ railLevel: Int32) -> Int32 {
  var text = DocumentWriter()
  do throws(CalibrationRefusal) {
    let fit = try CalibrationCheck.propose(
      rest: calibration.rest.recording(), left: calibration.left.recording(),
      right: calibration.right.recording(), mediumLeft: calibration.mediumLeft.recording(),
      mediumRight: calibration.mediumRight.recording(), railLevel: railLevel)
    let batch = fit.batch
    var out = FieldWriter()
    out.put(Int32(batch.count))
    for index in 0..<batch.count {
      out.put(batch[index].id)
      out.put(batch[index].value)
    }
    fit.writeSummary(to: &text)
    return Int32(text.count)
  } catch {
    error.write(to: &text)
    return -Int32(text.count)
  }
}

/// Writes step `step`'s name ("left medium press"), or with `prompt` 1 what the person is
/// asked to do in it (`CalibrationStep.prompt`, forcectl calibrate's words), to the text
/// area; returns its length, or -1 past the last step.
@_expose(wasm, "fp_calibration_step")
@_cdecl("fp_calibration_step")
public func fpCalibrationStep(_ step: Int32, _ prompt: Int32) -> Int32 {
  guard let known = CalibrationStep.at(Int(step)) else { return -1 }
  return putStatic(prompt == 0 ? known.name : known.prompt)
}

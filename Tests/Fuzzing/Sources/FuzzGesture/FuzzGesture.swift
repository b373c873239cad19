import ForceTrace
import FuzzSupport

/// Gesture scripts (`forcectl sim gesture`, the demo): `GestureScript.parse` on the
/// text `TextInput` gives. A script that parses stays within its limits, and its
/// frames (both samplings) written as an input CSV read back as the same frames.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGesture(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = TextInput.normalized(Fuzz.bytes(data, size))
  let script: GestureScript
  do {
    script = try GestureScript.parse(text)
  } catch {
    Fuzz.expectOneLine(error.description)
    Fuzz.expect(error.line >= 0 && error.line <= TextInput.lines(text).count, "error on line \(error.line)")
    return 0
  }
  Fuzz.expect((50...1000).contains(script.sampleRateHz), "rate \(script.sampleRateHz)")
  Fuzz.expect(script.durationMs >= 0 && script.durationMs <= 3_600_000, "duration \(script.durationMs) ms")
  // Long scripts are valid but too slow to render on every input.
  guard script.durationMs * Double(script.sampleRateHz) / 1000 <= 20_000 else { return 0 }
  for frames in [script.frames(), script.steppedFrames()] {
    if frames.isEmpty { continue }
    let csv = GestureScript.csv(frames)
    do {
      let back = try InputTrace.parse(csv)
      Fuzz.expect(back == frames, "frames do not survive the CSV")
    } catch {
      fatalError("the CSV of a parsed script does not parse: \(error)")
    }
  }
  return 0
}

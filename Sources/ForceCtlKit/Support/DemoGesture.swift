import ForceTrace

/// The demo's gesture, in the gesture script format of Docs/gestures.md.
public enum DemoGesture {
  /// Touch and rest, roll up, overshoot into boost, ease off, roll back (down),
  /// release quickly.
  public static let thumbRoll = """
    # The demo's thumb roll (Docs/gestures.md).
    hold 0 0 for 100ms
    ramp to 50 50 over 100ms       # touch
    hold for 300ms                 # rest: the neutral balance is captured
    ramp to 120 330 over 300ms     # roll right and press: up, normal zone
    hold for 1200ms
    ramp to 280 650 over 250ms     # overshoot into boost
    hold for 350ms
    ramp to 120 330 over 200ms     # ease off
    hold for 150ms
    ramp to 330 120 over 300ms     # roll back: down
    hold for 700ms
    ramp to 0 0 over 30ms          # quick release
    hold for 300ms
    """

  /// `script` (default: the thumb roll), parsed.
  public static func parse(_ script: String = thumbRoll) throws -> GestureScript {
    do {
      return try GestureScript.parse(script)
    } catch {
      throw CLIError("gesture script: \(error)")
    }
  }

  /// The frames of `script` (default: the thumb roll) at `sampleRateHz`.
  public static func frames(_ script: String = thumbRoll, sampleRateHz: Int = 200) throws -> [RawFrame] {
    try parse(script).frames(sampleRateHz: sampleRateHz)
  }
}

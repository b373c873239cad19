import ForceEngine
import ForceSim

/// The output CSV rebuilt from a device's replies to injected frames: the same
/// writer as `sim run`, so the two compare byte for byte.
public enum ReplayCSV {
  /// Header plus one row per frame, each ending in a newline.
  public static func text(frames: [RawFrame], outputs: [FrameOutput]) -> String {
    var text = OutputCSV.header + "\n"
    for (index, (frame, output)) in zip(frames, outputs).enumerated() {
      text += OutputCSV.row(frame: index, left: frame.left, right: frame.right, output: output) + "\n"
    }
    return text
  }
}

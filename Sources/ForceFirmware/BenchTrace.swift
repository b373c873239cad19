import ForceEngine

/// The device benchmark: a fresh engine stepped over a built-in thumb-roll gesture.
///
/// The gesture is computed on the fly (rest, press, roll left, roll right and boost,
/// release: 1 000 frames a cycle). A run (`BenchRun`) advances in slices of at most
/// `sliceMicroseconds` between the firmware's other work, so the device keeps
/// answering and stepping its own engine while a long run is in progress.
public enum BenchTrace {
  /// Longest slice of engine frames run in one pass of the super-loop, in µs of the
  /// board's tick counter (plus the frame in progress when it runs out). Shorter than
  /// the 520 µs the micro:bit's 6-byte UART receive FIFO lasts at 115200 baud.
  public static let sliceMicroseconds: UInt32 = 250
  /// Most engine frames in one slice, whatever the counter says.
  public static let sliceFrames = 1024

  /// Frames in one cycle of the gesture.
  public static let cycleFrames: UInt32 = 1000

  /// Frame `frame` of the gesture, (left, right). The one definition of the
  /// benchmark gesture: the device benchmark, the host benchmark (`EngineBench`) and
  /// the soft-float image all read it.
  public static func sample(_ frame: UInt32) -> (left: UInt16, right: UInt16) {
    let t = Int32(frame % cycleFrames)
    func ramp(_ a: Int32, _ b: Int32, _ from: Int32, _ length: Int32) -> UInt16 {
      UInt16(a &+ (b &- a) &* (t &- from) / length)
    }
    switch t {
    case 0..<100: return (0, 0)
    case 100..<120: return (ramp(0, 60, 100, 20), ramp(0, 60, 100, 20))
    case 120..<200: return (60, 60)
    case 200..<250: return (ramp(60, 300, 200, 50), ramp(60, 300, 200, 50))
    case 250..<450: return (300, 300)
    case 450..<500: return (ramp(300, 450, 450, 50), ramp(300, 150, 450, 50))
    case 500..<650: return (450, 150)
    case 650..<700: return (ramp(450, 480, 650, 50), ramp(150, 480, 650, 50))
    case 700..<850: return (480, 480)
    case 850..<900: return (ramp(480, 0, 850, 50), ramp(480, 0, 850, 50))
    default: return (0, 0)
    }
  }

  /// Keeps a value alive so the optimiser cannot drop the loop that made it.
  @inline(never)
  public static func keep(_ value: Int32) {
    withUnsafePointer(to: value) { _ = $0 }
  }
}

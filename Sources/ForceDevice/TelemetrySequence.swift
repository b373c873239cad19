/// Counts telemetry frames lost on the way: consecutive `Telemetry.frame` numbers
/// differ by the decimation, any larger step is a gap.
public struct TelemetrySequence: Equatable, Sendable {
  /// Engine frames between telemetry frames.
  public let decimation: UInt16
  /// The last frame number seen.
  public private(set) var last: UInt16?
  /// Telemetry frames received.
  public private(set) var received = 0
  /// Telemetry frames that should have arrived but did not.
  public private(set) var lost = 0
  /// Number of separate gaps.
  public private(set) var gaps = 0

  public init(decimation: UInt16) { self.decimation = max(decimation, 1) }

  /// Notes a received frame number; returns the telemetry frames lost just before it.
  @discardableResult
  public mutating func observe(_ frame: UInt16) -> Int {
    defer {
      last = frame
      received += 1
    }
    guard let last else { return 0 }
    let step = frame &- last
    guard step != decimation else { return 0 }
    // A step that is a multiple of the decimation lost step/decimation − 1 frames;
    // anything else (a reset, a wrap with an odd decimation) counts as one gap of one.
    let missing = step > decimation && step % decimation == 0 ? Int(step / decimation) - 1 : 1
    lost += missing
    gaps += 1
    return missing
  }
}

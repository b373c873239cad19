import ForceEngine

/// Runs the engine over a trace on the host: `forcectl sim run` (Docs/csv-formats.md).
public struct Simulation {
  /// The parameters the engine runs with.
  public let parameters: Parameters

  /// A simulation with validated parameters.
  public init(parameters: Parameters) {
    self.parameters = parameters
  }

  /// Every frame's output, in order, with the readings a device shows for it: a probe
  /// frame reads the pulled readings (`RawFrame.readings(pullUps:)`) and shows the
  /// last good ones it went on with (`Simulation.step`).
  public func run(_ frames: [RawFrame]) -> (readings: [RawFrame], outputs: [FrameOutput]) {
    var engine = ForceEngine(parameters: parameters)
    var readings: [RawFrame] = []
    var outputs: [FrameOutput] = []
    readings.reserveCapacity(frames.count)
    outputs.reserveCapacity(frames.count)
    for frame in frames {
      let (output, shown) = Simulation.step(&engine, frame)
      outputs.append(output)
      readings.append(RawFrame(left: shown.left, right: shown.right, timeMs: frame.timeMs))
    }
    return (readings, outputs)
  }

  /// One frame as a device runs it: the frame's readings, or its pulled ones after a
  /// frame that asked for a probe; returns the output and the readings a device shows
  /// (streams) for the frame, a probe frame's last good ones.
  public static func step(_ engine: inout ForceEngine, _ frame: RawFrame) -> (
    output: FrameOutput, shown: (left: UInt16, right: UInt16)
  ) {
    let probe = engine.pullUpsNext
    let reading = frame.readings(pullUps: probe)
    let output = engine.step(left: reading.left, right: reading.right)
    return (output, probe ? engine.lastGoodReadings : reading)
  }

  /// Every frame's output, in order.
  public func outputs(for frames: [RawFrame]) -> [FrameOutput] { run(frames).outputs }

  /// The output CSV text (header and one line per frame, each ending in "\n"): each
  /// row's readings are those a device shows (`run`).
  public func csv(for frames: [RawFrame]) -> String {
    let (readings, outputs) = run(frames)
    return OutputCSV.text(
      frames: readings, outputs: outputs, unitsPerItem: ForceEngine(parameters: parameters).unitsPerItem)
  }
}

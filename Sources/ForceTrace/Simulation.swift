import ForceEngine

/// Runs the engine over a trace on the host: `forcectl sim run` (Docs/csv-formats.md).
public struct Simulation {
  /// The parameters the engine runs with.
  public let parameters: Parameters

  /// A simulation with validated parameters.
  public init(parameters: Parameters) {
    self.parameters = parameters
  }

  /// Every frame's output, in order.
  public func outputs(for frames: [RawFrame]) -> [FrameOutput] {
    var engine = ForceEngine(parameters: parameters)
    return frames.map { engine.step(left: $0.left, right: $0.right) }
  }

  /// The output CSV text (header and one line per frame, each ending in "\n").
  public func csv(for frames: [RawFrame]) -> String {
    OutputCSV.text(
      frames: frames, outputs: outputs(for: frames), unitsPerItem: ForceEngine(parameters: parameters).unitsPerItem)
  }
}

import ForceEngine
import ForceTrace

/// A tiny trace builder for unit tests: held or ramped cell readings, counted in
/// frames. It builds a `GestureScript` and renders it frame-exact
/// (`steppedFrames`), the same rendering as the golden inputs.
public struct Gesture {
  /// Frames per second the frame counts refer to.
  public static let sampleRateHz = 200
  /// The script built so far.
  public private(set) var script = GestureScript(sampleRateHz: Gesture.sampleRateHz)

  /// An empty trace.
  public init() {}

  /// The frames, (left, right) each.
  public var frames: [(left: UInt16, right: UInt16)] { script.steppedFrames().map { ($0.left, $0.right) } }

  /// Holds both cells for `count` frames.
  public mutating func hold(_ left: Int, _ right: Int, frames count: Int) {
    let levels = CellLevels(Double(left), Double(right))
    script.segments.append(GestureSegment(from: levels, to: levels, durationMs: Gesture.milliseconds(count)))
  }

  /// Ramps linearly from the last readings (or 0,0) to `left,right` over `count` frames.
  public mutating func ramp(to left: Int, _ right: Int, frames count: Int) {
    let start = script.segments.last?.to ?? .zero
    script.segments.append(
      GestureSegment(
        from: start, to: CellLevels(Double(left), Double(right)), durationMs: Gesture.milliseconds(count)))
  }

  static func milliseconds(_ frames: Int) -> Double { Double(frames) * 1000 / Double(sampleRateHz) }
}

/// The engine's outputs for a trace, with helpers to find things in them.
public struct Run {
  public let outputs: [FrameOutput]
  /// The engine's position units per item (the unit of each output's `fraction`).
  public let unitsPerItem: Int32

  /// Runs a fresh engine with `parameters` over `gesture`.
  public init(_ gesture: Gesture, parameters: Parameters = .defaults) {
    var engine = ForceEngine(parameters: parameters)
    outputs = gesture.frames.map { engine.step(left: $0.left, right: $0.right) }
    unitsPerItem = engine.unitsPerItem
  }

  /// Runs a fresh engine, the defaults with `assignments` applied, over `gesture`.
  public init(_ gesture: Gesture, _ assignments: [(ParameterID, Int32)]) throws {
    var parameters = Parameters.defaults
    try parameters.set(assignments)
    self.init(gesture, parameters: parameters)
  }

  /// Frames where `kind` happened.
  public func frames(with kind: EngineEvents.Kind) -> [Int] {
    outputs.indices.filter { outputs[$0].events.contains(kind) }
  }

  /// The value committed (last commit), if any.
  public var committed: Int32? {
    outputs.last(where: { $0.events.contains(.commit) })?.events.value
  }

  /// Number of state changes.
  public var stateChanges: Int {
    zip(outputs, outputs.dropFirst()).filter { $0.state != $1.state }.count
  }

  /// The position at frame `index` in thousandths of an item (`FrameOutput.positionMilli(unitsPerItem:)`).
  public func positionMilli(_ index: Int) -> Int32 { outputs[index].positionMilli(unitsPerItem: unitsPerItem) }

  /// Position in items at frame `index`.
  public func position(_ index: Int) -> Double { Double(positionMilli(index)) / 1000 }
}

/// A parameter set with some values changed (validated).
public func parameters(_ assignments: [(ParameterID, Int32)]) throws -> Parameters {
  var parameters = Parameters.defaults
  try parameters.set(assignments)
  return parameters
}

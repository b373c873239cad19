import ForceEngine

/// A tiny trace builder for unit tests: segments of held or ramped cell readings.
struct Gesture {
  private(set) var frames: [(left: UInt16, right: UInt16)] = []

  /// Holds both cells for `count` frames.
  mutating func hold(_ left: Int, _ right: Int, frames count: Int) {
    for _ in 0..<count { frames.append((UInt16(left), UInt16(right))) }
  }

  /// Ramps linearly from the last readings (or 0,0) to `left,right` over `count` frames.
  mutating func ramp(to left: Int, _ right: Int, frames count: Int) {
    let start = frames.last.map { (Int($0.left), Int($0.right)) } ?? (0, 0)
    for step in 1...count {
      let l = start.0 + (left - start.0) * step / count
      let r = start.1 + (right - start.1) * step / count
      frames.append((UInt16(l), UInt16(r)))
    }
  }
}

/// The engine's outputs for a trace, with helpers to find things in them.
struct Run {
  let outputs: [FrameOutput]

  init(_ gesture: Gesture, parameters: Parameters = .defaults) {
    var engine = ForceEngine(parameters: parameters)
    outputs = gesture.frames.map { engine.step(left: $0.left, right: $0.right) }
  }

  init(_ gesture: Gesture, _ assignments: [(ParameterID, Int32)]) throws {
    var parameters = Parameters.defaults
    try parameters.set(assignments)
    self.init(gesture, parameters: parameters)
  }

  /// Frames where `kind` happened.
  func frames(with kind: EngineEvents.Kind) -> [Int] {
    outputs.indices.filter { outputs[$0].events.contains(kind) }
  }

  /// The value committed (last commit), if any.
  var committed: Int32? {
    outputs.last(where: { $0.events.contains(.commit) })?.events.value
  }

  /// Number of state changes.
  var stateChanges: Int {
    zip(outputs, outputs.dropFirst()).filter { $0.state != $1.state }.count
  }

  /// Position in items at frame `index`.
  func position(_ index: Int) -> Double { Double(outputs[index].positionMilli) / 1000 }
}

/// A parameter set with some values changed (validated).
func parameters(_ assignments: [(ParameterID, Int32)]) throws -> Parameters {
  var parameters = Parameters.defaults
  try parameters.set(assignments)
  return parameters
}

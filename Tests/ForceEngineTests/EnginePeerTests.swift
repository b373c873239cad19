import CEnginePeer
import ForceEngine
import ForceTestSupport
import ForceTrace
import Testing

/// The C peer of the thumb-roll frame path (Benchmarks/CPeer), which Tools/bench-cycles
/// prices against the engine on the Cortex-M0, computes the same thing: byte-identical
/// `sim run` CSV on every golden trace it covers and on random thumb-roll traces.
@Suite struct EnginePeerTests {
  /// The golden traces that run the default technique, the one the peer implements.
  static let covered = GoldenTraceTests.names.filter { name in
    (try? GoldenTraceTests.load(name).parameters.technique) == .thumbRoll
  }

  @Test func coversTheThumbRollGoldenTraces() {
    #expect(Self.covered.sorted() == ["boost-quick-release", "press-500", "tap", "thumb-roll"])
  }

  @Test(arguments: covered)
  func matchesTheGoldenTraceByteForByte(name: String) throws {
    let trace = try Self.load(name)
    let peer = try #require(EnginePeer(parameters: trace.parameters))
    #expect(peer.csv(for: trace.input) == trace.expected)
  }

  @Test func matchesTheEngineOnRandomThumbRollTraces() throws {
    for seed in UInt64(1)...60 {
      var generator = TraceGenerator(seed: seed)
      var parameters = generator.parameters()
      try parameters.set(.technique, to: Technique.thumbRoll.rawValue)
      let frames = generator.trace(gestures: 3).map { RawFrame(left: $0.left, right: $0.right) }
      let peer = try #require(EnginePeer(parameters: parameters))
      let expected = Simulation(parameters: parameters).csv(for: frames).split(separator: "\n")
      let actual = peer.csv(for: frames).split(separator: "\n")
      #expect(actual.count == expected.count)
      if let first = zip(actual, expected).first(where: { $0 != $1 }) {
        Issue.record("seed \(seed): first difference\n  engine \(first.1)\n  peer   \(first.0)")
      }
    }
  }

  @Test func refusesTheTechniquesItLeavesOut() throws {
    for technique in [Technique.pulse, .pressThrough, .twoButton, .wrap, .positional] {
      var parameters = Parameters.defaults
      try parameters.set(.technique, to: technique.rawValue)
      #expect(EnginePeer(parameters: parameters) == nil)
    }
  }

  static func load(_ name: String) throws -> (input: [RawFrame], parameters: Parameters, expected: String) {
    try GoldenTraceTests.load(name)
  }
}

/// The C peer behind the engine's interface: its outputs as `FrameOutput`s, written
/// by the same CSV writer as `sim run`.
struct EnginePeer {
  var engine = peer_engine()

  init?(parameters: Parameters) {
    let values = (0..<ParameterID.count).map { parameters[ParameterID.at($0)!] }
    guard peer_init(&engine, values) == 0 else { return nil }
  }

  mutating func step(left: UInt16, right: UInt16) -> FrameOutput {
    var out = peer_output()
    peer_step(&engine, left, right, &out)
    var events = EngineEvents()
    events.mask = out.events
    events.velocity = out.velocity
    events.direction = Direction(rawValue: out.event_direction) ?? .up
    events.boostOn = out.boost_on != 0
    events.value = out.event_value
    return FrameOutput(
      force: out.force, state: EngineState(rawValue: out.state)!, direction: Direction(rawValue: out.direction)!,
      value: out.value, fraction: out.fraction, unitsPerItem: engine.units_per_item, events: events)
  }

  /// The `sim run` CSV for `frames`, as `Simulation.csv` writes it.
  func csv(for frames: [RawFrame]) -> String {
    var peer = self
    var text = OutputCSV.header + "\n"
    for (index, frame) in frames.enumerated() {
      let output = peer.step(left: frame.left, right: frame.right)
      text += OutputCSV.row(frame: index, left: frame.left, right: frame.right, output: output) + "\n"
    }
    return text
  }
}

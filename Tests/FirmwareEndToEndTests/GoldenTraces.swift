import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation

/// The engine's golden traces (Tests/ForceEngineTests/Golden) as every end-to-end
/// target plays them: SITL and QEMU by injection, SITL as its ADC (`--trace`), the
/// Pico through its emulated ADC.
enum GoldenTraces {
  static let directory = DeviceUnderTest.root.appendingPathComponent("Tests/ForceEngineTests/Golden")

  /// Every trace with an input (`NAME.in.csv`), sorted.
  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".in.csv") }.map { String($0.dropLast(".in.csv".count)) }.sorted()
  }()

  /// The traces read through the sensor model (`NAME.sensor`): the fault traces, whose
  /// output must declare a fault.
  static var faultNames: [String] {
    names.filter { FileManager.default.fileExists(atPath: url(of: $0, "sensor").path) }
  }

  static func url(of name: String, _ suffix: String) -> URL {
    directory.appendingPathComponent("\(name).\(suffix)")
  }

  /// A trace's input frames, its parameter assignments (`NAME.args`) and the parameters
  /// they make.
  static func load(_ name: String) throws -> (
    input: [RawFrame], assignments: [(ParameterID, Int32)], parameters: Parameters
  ) {
    let input = try InputTrace.parse(String(contentsOf: url(of: name, "in.csv"), encoding: .utf8))
    let args = try String(contentsOf: url(of: name, "args"), encoding: .utf8)
    let assignments = try args.split(whereSeparator: { $0 == " " || $0 == "\n" }).map {
      try ParameterText.assignment(String($0))
    }
    return (input, assignments, try ParameterText.applying(assignments, to: .defaults))
  }

  /// The sensor options the trace's gesture is read through (`NAME.sensor`), or none.
  static func sensorOptions(_ name: String) throws -> [String] {
    let file = url(of: name, "sensor")
    guard FileManager.default.fileExists(atPath: file.path) else { return [] }
    return try String(contentsOf: file, encoding: .utf8).split(whereSeparator: { $0 == " " || $0 == "\n" })
      .map(String.init)
  }
}

/// Telemetry and event reports a device streamed, by frame number, rebuilt into the
/// output CSV `sim run` writes for the readings the device took.
struct StreamedRun {
  var telemetry: [UInt16: Telemetry] = [:]
  var events: [UInt16: EngineEvents] = [:]

  /// Takes what the device streamed (waiting up to `waiting` for the first message).
  mutating func take(from client: DeviceClient, waiting: Duration = .seconds(2)) throws {
    for message in try client.takeStreamed(waiting: waiting) {
      switch message {
      case .telemetry(let t): telemetry[t.frame] = t
      case .event(let report): events[report.frame] = report.events
      default: break
      }
    }
  }

  /// How many of frames `first ..< first + count` have their telemetry.
  func received(first: UInt16, count: Int) -> Int {
    (0..<count).filter { telemetry[first &+ UInt16(truncatingIfNeeded: $0)] != nil }.count
  }

  /// The CSV of frames `first ..< first + count`, every one received: the readings from
  /// the telemetry, the outputs from the telemetry and the events.
  func csv(first: UInt16, count: Int) -> String {
    let frames = (0..<count).map { first &+ UInt16(truncatingIfNeeded: $0) }
    let inputs = frames.map { RawFrame(left: telemetry[$0]!.left, right: telemetry[$0]!.right) }
    let outputs = frames.map { frame in
      let t = telemetry[frame]!
      return FrameOutput(
        force: t.force, state: t.state, direction: t.direction, value: t.value,
        fraction: t.positionMilli - t.value * 1000, events: events[frame] ?? EngineEvents())
    }
    return OutputCSV.text(frames: inputs, outputs: outputs, unitsPerItem: 1000)
  }
}

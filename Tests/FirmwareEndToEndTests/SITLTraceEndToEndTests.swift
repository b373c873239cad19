import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

/// The golden traces as the SITL's ADC (`forcepicker-sitl --trace IN.csv
/// --restart-each-pass`, at 200 frames a second): a whole pass, streamed as telemetry
/// and events, rebuilds `sim run`'s CSV byte for byte. A fault trace plays its ideal
/// gesture through the SITL's own sensor model (the options in `NAME.sensor`), so the
/// engine on the device reads what `sim gesture --sensor` wrote into `NAME.in.csv`, and
/// must show the fault. Runs wherever the SITL is built; in CI a missing SITL fails.
@Suite(
  .enabled(
    if: DeviceUnderTest.available(.sitl) || ProcessInfo.processInfo.environment["CI"] != nil,
    "needs forcepicker-sitl beside the tests (swift build --build-tests builds it)"))
struct SITLTraceEndToEndTests {
  @Test(arguments: GoldenTraces.names)
  func goldenTracePlaysAsTheSITLsADC(name: String) throws {
    let (input, assignments, parameters) = try GoldenTraces.load(name)
    let sensor = try GoldenTraces.sensorOptions(name)
    var trace = GoldenTraces.url(of: name, "in.csv")
    if !sensor.isEmpty {
      // The ideal gesture: what a nominal sensor would read, before the model.
      let script = try String(contentsOf: GoldenTraces.url(of: name, "gesture"), encoding: .utf8)
      trace = TestScratch.file("\(name).csv")
      try GestureScript.csv(try GestureScript.parse(script).steppedFrames()).write(
        to: trace, atomically: true, encoding: .utf8)
    }
    let device = try DeviceUnderTest(.sitl, trace: trace, traceOptions: ["--restart-each-pass"] + sensor)
    defer { device.stop() }
    let client = try device.connect()
    defer { client.close() }
    #expect(client.info?.capabilities.contains(.adc) == true)
    var batch = ParamBatch()
    for (id, value) in assignments { batch.append(ParamValue(id, value)) }
    if batch.count > 0 { _ = try client.request(.paramSetBatch(batch)) }
    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: true)))

    // Frame f (from 1) is frame (f − 1) mod N of a pass; the engine restarts as each
    // pass begins. The first pass that starts after streaming (and the parameters) does.
    let count = input.count
    var run = StreamedRun()
    var first: UInt16?
    let deadline = Date().addingTimeInterval(Double(count) / 200 * 3 + 20)
    while Date() < deadline {
      try run.take(from: client)
      if first == nil, let earliest = run.telemetry.keys.min() {
        first = UInt16((Int(earliest) - 1) / count * count + count + 1)
      }
      if let first, run.received(first: first, count: count) == count { break }
    }
    let start = try #require(first, "no telemetry from the SITL")
    let received = run.received(first: start, count: count)
    try #require(received == count, "\(received) of \(count) frames of the pass from frame \(start)")
    let actual = run.csv(first: start, count: count)
    #expect(actual == Simulation(parameters: parameters).csv(for: input), "\(name) differs on the SITL's ADC")
    if !sensor.isEmpty { #expect(actual.contains("fault:"), "\(name): no fault") }
  }
}

extension SITLTraceEndToEndTests {
  /// What `forcepicker-sitl` says, on standard error, when it refuses its arguments.
  func refusal(_ arguments: [String]) throws -> String {
    let ending = try ToolProcess(SITLBinary.name, ["--port", "\(DeviceUnderTest.freePort())"] + arguments).wait()
    #expect(ending.status == 2 && !ending.signaled, "\(arguments): \(ending.errors)")
    return ending.errors
  }

  /// A bad sensor option is named before the SITL listens; without a trace the sensor
  /// options are refused, since injected samples are not read through the model.
  @Test func badSensorOptionsAreNamed() throws {
    let trace = GoldenTraces.url(of: "tap", "in.csv").path
    #expect(
      try refusal(["--trace", trace, "--sensor", "typcal"]).contains("--sensor: unknown sensor profile 'typcal'"))
    #expect(try refusal(["--trace", trace, "--sensor-seed", "x"]).contains("--sensor-seed: 'x' is not a whole number"))
    #expect(try refusal(["--trace", trace, "--fault", "open:left"]).contains("--fault: fault 'open:left'"))
    #expect(try refusal(["--sensor", "typical"]).contains("need --trace"))
    #expect(try refusal(["--restart-each-pass"]).contains("need --trace"))
  }
}

import ForceDevice
import ForceEngine
import ForceProtocol
import ForceTrace
import Foundation
import Testing

/// The measured stack: the emulators run the deepest requests (a full parameter
/// batch, save, load, defaults, an `inject` that restarts the engine, a bench,
/// describe) and the high-water mark `info` and `benchResult` report stays within
/// the static bound (Tools/lib/stack-depth.py, printed by Tools/build-firmware).
///
/// micro:bit in QEMU: the stack budget of Hardware/microbit/board.json (816 of the
/// 1 024 bytes, which Tools/build-firmware holds the static bound to);
/// the deepest use is at boot (the firmware global's initialiser), and the requests
/// add nothing (the engine derives its constants in place). Pico in rp2040py, over the UART and
/// over USB: held to the static bounds of those builds.
@Suite(.serialized) struct StackEndToEndTests {
  /// Bytes of stack the deepest requests may use, measured in QEMU: the micro:bit's
  /// `stack_depth` budget in its board file, the one home of that figure.
  static func budget() throws -> UInt16 {
    let file = DeviceUnderTest.root.appendingPathComponent("Hardware/microbit/board.json")
    let board = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    let budgets = board?["budgets"] as? [String: Any]
    return try #require((budgets?["stack_depth"] as? Int).map { UInt16($0) }, "no budgets.stack_depth in \(file.path)")
  }
  /// The Pico build's static bound, the deepest path and an interrupt's frame, as
  /// `Tools/build-firmware --board pico [--serial uart]` measured it when it built the
  /// image the emulator runs (its figure `firmware.pico[-uart].stack` in
  /// .build-figures/figures.tsv).
  static func picoStaticBound(_ serial: PicoEmulator.Serial) throws -> UInt16 {
    let key = serial == .usb ? "firmware.pico.stack" : "firmware.pico-uart.stack"
    let file = DeviceUnderTest.root.appendingPathComponent(".build-figures/figures.tsv")
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    let line = try #require(
      text.split(separator: "\n").first { $0.hasPrefix(key + "\t") },
      "no \(key) in \(file.path): build the image with Tools/build-firmware")
    let fields = line.split(separator: "\t")
    return try #require(fields.count > 1 ? UInt16(fields[1]) : nil, "\(key): \(line)")
  }

  @Test(DeviceUnderTest.needs(.qemu)) func theDeepestRequestsStayWithinTheStackBudget() throws {
    let device = try DeviceUnderTest(.qemu)
    defer { device.stop() }
    let client = try device.connect()
    defer { client.close() }
    let marks = try Self.runDeepestRequests(client)
    print(
      "stack high-water in QEMU: \(marks.boot) bytes after boot, \(marks.bench) after the bench, \(marks.end) at the end"
    )
    let budget = try Self.budget()
    #expect(marks.boot > 0 && marks.end <= budget, "\(marks)")
  }

  @Test(
    .enabled(
      if: (PicoEmulator.available && PicoEmulator.usbAvailable) || DeviceUnderTest.inCI,
      "rp2040py or a Pico UF2 (Tools/build-firmware --board pico) is missing"),
    arguments: [PicoEmulator.Serial.uart, .usb])
  func thePicoMeasuresItsStackWithinTheStaticBound(serial: PicoEmulator.Serial) throws {
    let pico = try PicoEmulator(serial: serial)
    let client = try pico.connect()
    defer { client.close() }
    let marks = try Self.runDeepestRequests(client)
    let budget = try Self.picoStaticBound(serial)
    print("stack high-water in rp2040py (\(serial)): \(marks.boot) bytes after boot, \(marks.end) at the end")
    #expect(marks.boot > 0 && marks.end <= budget, "\(serial): \(marks)")
  }

  /// Runs the deepest requests; the high-water marks after boot, after the bench
  /// and at the end, which never fall.
  static func runDeepestRequests(_ client: DeviceClient) throws -> (boot: UInt16, bench: UInt16, end: UInt16) {
    let boot = try #require(client.info).stackHighWater
    var batch = ParamBatch()
    for index in 0..<ParameterID.count {
      guard let id = ParameterID.at(index), batch.append(ParamValue(id, id.defaultValue)) else { break }
    }
    #expect(batch.count == ParameterID.count)  // every parameter
    #expect(try client.request(.paramSetBatch(batch)) == .ack(Ack(.paramSetBatch)))
    #expect(try client.request(.paramSave) == .ack(Ack(.paramSave)))
    #expect(try client.request(.paramLoad) == .paramLoaded(ParamLoaded(source: .flash)))
    #expect(try client.request(.paramDefaults) == .ack(Ack(.paramDefaults)))
    _ = try client.request(.paramDescribe(id: ParameterID.rangeMax.rawValue))
    let outputs = try client.inject([RawFrame(left: 300, right: 280), RawFrame(left: 0, right: 0)], reset: true)
    #expect(outputs.count == 2)
    let reply = try client.request(.bench(BenchRequest(frames: 100)), timeout: .seconds(30))
    guard case .benchResult(let result) = reply else { throw DeviceError.unexpected("\(reply)") }
    let end = try client.handshake().stackHighWater
    #expect(boot <= result.stackHighWater && result.stackHighWater <= end, "\(boot), \(result.stackHighWater), \(end)")
    return (boot, result.stackHighWater, end)
  }
}

import ForceDevice
import ForceProtocol
import Foundation
import Testing

/// The Pico's interrupt-driven frames in the RP2040 emulator (UART build): the frame
/// alarm starts a round-robin conversion pair, the ADC's FIFO interrupt keeps it, and
/// the core sleeps (`WFI`) in between. The cells come from the emulated ADC's
/// channels; the duty is what `info` reports, timed by the firmware on the RP2040's
/// 1 MHz TIMER against rp2040py's cycle counts at 125 MHz.
@Suite(.serialized, .enabled(if: PicoEmulator.available || ProcessInfo.processInfo.environment["CI"] != nil))
struct PicoSleepEndToEndTests {
  /// Hundredths of a percent of each 5 ms frame the CPU may be awake, at rest.
  static let budget: UInt16 = 500
  /// The same while every frame streams telemetry and events.
  static let streamingBound: UInt16 = 300

  @Test func theEmulatedADCChannelsDriveTheEngine() throws {
    let pico = try PicoEmulator()
    let client = try pico.connect()
    defer { client.close() }
    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: false)))
    try pico.command("hold 700 120")
    let pressed = try telemetry(after: 100, from: client)
    #expect(pressed.left == 700 && pressed.right == 120, "ADC0 is the left cell, ADC1 the right one")
    try pico.command("hold 0 0")
    let released = try telemetry(after: 100, from: client)
    #expect(released.left == 0 && released.right == 0)
    #expect(pressed.force > released.force && pressed.state != released.state, "\(pressed) \(released)")
    try pico.command("hold 123 901")
    let swapped = try telemetry(after: 100, from: client)
    #expect(swapped.left == 123 && swapped.right == 901)
  }

  @Test func theCPUSleepsBetweenFramesWithinTheDutyBudget() throws {
    try checkDuty(on: PicoEmulator())
  }

  /// `info`'s duty at rest, then with telemetry and events streamed every frame.
  func checkDuty(on pico: PicoEmulator) throws {
    let client = try pico.connect()
    defer { client.close() }
    try pico.waitEmulated(milliseconds: 1_200)
    let rest = try client.handshake().cpuDuty
    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: true)))
    try pico.command("hold 600 200")
    try pico.waitEmulated(milliseconds: 2_400)
    let streaming = try client.handshake().cpuDuty
    print(
      "Pico (\(pico.serial)) CPU duty in rp2040py, hundredths of a percent: \(rest) at rest, "
        + "\(streaming) streaming telemetry and events every 5 ms frame")
    #expect(rest > 0 && rest <= Self.budget, "at rest: \(rest)")
    #expect(rest < streaming && streaming <= Self.streamingBound, "\(rest), \(streaming)")
  }

  /// The first telemetry at least `frames` frames after now (the cells settle through
  /// the engine's filter on the way).
  func telemetry(after frames: Int, from client: DeviceClient) throws -> Telemetry {
    var seen = 0
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      for case .telemetry(let telemetry) in try client.takeStreamed(waiting: .seconds(5)) {
        seen += 1
        if seen > frames { return telemetry }
      }
    }
    throw DeviceError.unexpected("no telemetry")
  }
}

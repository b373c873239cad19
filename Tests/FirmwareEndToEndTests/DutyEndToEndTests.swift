import ForceDevice
import ForceProtocol
import ForceTrace
import Foundation
import Testing

/// The micro:bit's CPU duty in QEMU, on virtual time close to the board's
/// (`-icount shift=6`: an instruction every 64 ns, about one 16 MHz cycle). `info`
/// reports the awake share of the last full second.
///
/// QEMU has no ADC, so the product image's frames at rest run the loop, the watchdog
/// and the LEDs but no engine; that duty is held to the 5 % budget. Whole streamed
/// frames (the engine, 19-byte telemetry and events every 5 ms, the LEDs) run on the
/// image built with `--adc gesture`, whose frame tick reads the benchmark gesture
/// where the chip's ADC interrupt would leave a pair. QEMU counts instructions, not
/// cycles, and takes a frame's bytes at once; the board pays cycles and a loop pass
/// for every byte, so the streamed duty is priced for the board (`BoardPrice`) and
/// that estimate is held to `boardBudget`.
/// The engine and a reply per frame also come from `inject`: one sample every 5 ms,
/// one request each or 16 a request. Each costs more than a streamed frame (a
/// request decoded, a 31-byte reply against telemetry's 19) and is held to
/// `injectedBound`, measured with room for a busy host.
@Suite(.serialized) struct DutyEndToEndTests {
  /// Hundredths of a percent of each 5 ms frame the CPU may be awake in QEMU at rest.
  static let budget: UInt16 = 500
  /// Hundredths of a percent of each 5 ms frame the board may be awake streaming:
  /// the QEMU duty priced for the board (`BoardPrice`).
  static let boardBudget = 1500.0

  /// What the micro:bit pays that QEMU does not count (Docs/performance.md).
  enum BoardPrice {
    /// QEMU runs one instruction every 64 ns (`-icount shift=6`): 1.024 of the nRF51's
    /// 16 MHz cycles.
    static let qemuCyclesPerInstruction = 1.024
    /// A streamed pass and its sleep on the Cortex-M0: QEMU's exec log priced with the
    /// M0 cost table, 3 595 cycles for 2 106 instructions (`Tools/profile-frames`, its
    /// last line).
    static let cyclesPerInstruction = 1.71
    /// A loop pass woken by the UART or the ADC, without a frame: at most what a frame
    /// at rest costs (0.23 % of 5 ms in QEMU, `theCPUSleepsBetweenFramesWithinTheDutyBudget`).
    static let wakeInstructions = 180.0
    /// Wake-ups of a frame on the board and not in the gesture image: the ADC's tick
    /// and first conversion (the image reads its pair at the frame tick).
    static let adcWakes = 2.0
    /// Cycles in a 5 ms frame at 16 MHz.
    static let frameCycles = 80_000.0

    /// The board's duty, hundredths of a percent, for a QEMU `duty` with
    /// `bytesPerFrame` sent each frame, one wake-up each.
    static func duty(qemu duty: UInt16, bytesPerFrame: Double) -> Double {
      let wakes = (bytesPerFrame + adcWakes) * wakeInstructions * cyclesPerInstruction / frameCycles * 10_000
      return Double(duty) * cyclesPerInstruction / qemuCyclesPerInstruction + wakes
    }
  }

  /// Five sessions of 2.2 s of streaming, each ended by `hello`, whose `info`
  /// reports the last whole second, spread over two cycles of the 5 s gesture (its
  /// rest, press, rolls, boost and release cost differently).
  @Test(DeviceUnderTest.needs(.qemu)) func streamedFramesStayWithinTheDutyBudget() throws {
    let image = DeviceUnderTest.gestureImage
    try #require(
      FileManager.default.fileExists(atPath: image.path), "no \(image.path): run Tools/build-firmware --adc gesture")
    let device = try DeviceUnderTest(.qemu, image: image, icount: true, icountShift: QEMU.cycleShift)
    defer { device.stop() }
    let client = try device.connect()
    defer { client.close() }
    #expect(client.info?.capabilities.contains(.adc) == true)
    var duties: [UInt16] = []
    var boardDuties: [Double] = []
    var events: UInt16 = 0
    let clock = ContinuousClock()
    func linkStats() throws -> LinkStats {
      guard case .statsReport(let stats) = try client.request(.stats) else { throw DeviceError.unexpected("stats") }
      return stats
    }
    func damaged() -> UInt32 {
      let s = client.statistics
      return s.crcErrors &+ s.malformed &+ s.tooShort &+ s.overruns &+ UInt32(client.undecodable)
    }
    for _ in 0..<5 {
      let before = try linkStats()
      let damagedBefore = damaged()
      _ = try client.request(.streamStart(StreamStart(decimation: 1, events: true)))
      var frames: [UInt16] = []
      func take(waiting: Duration) throws {
        for message in try client.takeStreamed(waiting: waiting) {
          if case .telemetry(let telemetry) = message { frames.append(telemetry.frame) }
          if case .event(let report) = message { events |= report.events.mask }
        }
      }
      let end = clock.now + .seconds(2.2)
      while clock.now < end { try take(waiting: .milliseconds(100)) }
      let duty = try client.handshake().cpuDuty  // hello: the session ends
      duties.append(duty)
      // The frames that came while the client waited for hello's reply are this
      // session's: taken now, not left to open the next one. (The device numbers every
      // frame, streamed or not, so the next session starts a few frames on: left
      // there, they made a gap whenever the requests between took over a frame, as
      // on a loaded machine.)
      try take(waiting: .zero)
      let after = try linkStats()
      let dropped = after.streamDropped &- before.streamDropped
      let bytesPerFrame = Double(after.txBytes &- before.txBytes) / Double(max(frames.count, 1))
      boardDuties.append(BoardPrice.duty(qemu: duty, bytesPerFrame: bytesPerFrame))
      let damagedFrames = damaged() &- damagedBefore
      // Frames numbered one after another; a gap must have left a trace: the device
      // counted it (its transmit queue was full) or the host received it damaged.
      let missing = zip(frames, frames.dropFirst()).reduce(0) { $0 + Int($1.1 &- $1.0 &- 1) }
      #expect(frames.count >= 200, "\(frames.count) telemetry frames in 2.2 s")
      #expect(
        missing <= Int(dropped &+ damagedFrames),
        "\(missing) telemetry frames missing, \(dropped) counted as dropped, \(damagedFrames) received damaged")
      if missing > Int(dropped &+ damagedFrames) {
        let gaps = zip(frames, frames.dropFirst()).filter { $1 != $0 &+ 1 }
        print("streaming in QEMU: gaps \(gaps) in \(frames.count) frames from \(frames.first ?? 0)")
      }
      if missing > 0 {
        print("streaming in QEMU: \(missing) telemetry frames missing: \(dropped) dropped, \(damagedFrames) damaged")
      }
    }
    print(
      "CPU duty in QEMU (-icount shift=6), streaming telemetry and events every 5 ms, hundredths of a percent: "
        + duties.map(String.init).joined(separator: ", ")
        + "; priced for the board (cycles, a wake-up a byte): "
        + boardDuties.map { String(Int($0.rounded())) }.joined(separator: ", "))
    #expect(events != 0, "no engine event in 11 s of the gesture")
    #expect(duties.allSatisfy { $0 > 0 }, "streaming: \(duties)")
    #expect(boardDuties.allSatisfy { $0 <= Self.boardBudget }, "streaming, on the board: \(boardDuties)")
  }

  /// Hundredths of a percent with an injected sample every 5 ms: measured 550–597 one
  /// a request (431–494 sixteen a request) on an idle machine, and 763 (473) beside a
  /// release build. The host paces its requests by its own clock, and QEMU's virtual
  /// one (icount) falls behind it while QEMU waits for a core, so a loaded machine
  /// delivers more samples per virtual second. A CPU that never slept would show
  /// 10 000; the budget this test holds for a device at rest is `budget`.
  static let injectedBound: UInt16 = 1200

  @Test(DeviceUnderTest.needs(.qemu)) func theCPUSleepsBetweenFramesWithinTheDutyBudget() throws {
    let device = try DeviceUnderTest(.qemu, icount: true, icountShift: QEMU.cycleShift)
    defer { device.stop() }
    let client = try device.connect()
    defer { client.close() }
    Thread.sleep(forTimeInterval: 2.5)
    let rest = try client.handshake().cpuDuty
    let single = try injectEvery5ms(client, samples: 1)
    let batched = try injectEvery5ms(client, samples: 16)
    print(
      "CPU duty in QEMU (-icount shift=6), hundredths of a percent: \(rest) at rest, \(single) with one "
        + "injected sample a request every 5 ms, \(batched) with 16 a request"
    )
    #expect(rest > 0 && rest <= Self.budget, "at rest: \(rest)")
    #expect(rest < batched && batched <= single, "\(rest), \(single), \(batched)")
    #expect(single <= Self.injectedBound, "one sample a request: \(single)")
  }

  /// Injects one sample every 5 ms, `samples` at a time, without waiting for the
  /// replies (a round trip through QEMU's TCP serial port takes longer than a
  /// frame). After 2.5 s it asks for `info` and keeps injecting until the answer
  /// comes, so the second `info` reports lies wholly under the load.
  func injectEvery5ms(_ client: DeviceClient, samples: Int) throws -> UInt16 {
    let wire = WireSession(client)
    let clock = ContinuousClock()
    let askAt = clock.now + .seconds(2.5)
    var next = clock.now
    var sent = 0
    var results = 0
    var duty: UInt16?
    var asked = false
    while duty == nil && clock.now < askAt + .seconds(5) {
      var inject = InjectRequest(resetFirst: false)
      for index in 0..<samples { _ = inject.append(left: UInt16(300 + (sent + index) % 200), right: 280) }
      try wire.send(.inject(inject), seq: 1)
      sent += samples
      if !asked && clock.now >= askAt {
        try wire.send(.hello(Hello()), seq: 2)
        asked = true
      }
      next += .milliseconds(5 * samples)
      for reply in try wire.receive(for: next - clock.now) {
        if case .info(let info) = reply.message { duty = info.cpuDuty } else { results += 1 }
      }
    }
    results += try wire.receive(for: .seconds(2)) { results + $0.count >= sent }.count
    #expect(results == sent && sent > 400, "\(results) replies to \(sent) injected samples")
    return try #require(duty, "no info while injecting")
  }
}

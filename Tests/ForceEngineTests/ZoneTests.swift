import Testing

@testable import ForceEngine

@Suite struct ZoneTests {
  let edges = ZoneEdges(contact: 30, rest: 205, boost: 818, hysteresis: 10)

  @Test(arguments: [(Zone.idle, Int32(30), Zone.resting), (.resting, 205, .normal), (.normal, 818, .boosted)])
  func entersAtTheThreshold(from: Zone, threshold: Int32, to: Zone) {
    #expect(edges.next(from: from, force: threshold - 1) == from)
    #expect(edges.next(from: from, force: threshold) == to)
  }

  @Test(arguments: [(Zone.resting, Int32(30), Zone.idle), (.normal, 205, .resting), (.boosted, 818, .normal)])
  func leavesOnlyBelowThresholdMinusHysteresis(zone: Zone, threshold: Int32, below: Zone) {
    #expect(edges.next(from: zone, force: threshold - 1) == zone)
    #expect(edges.next(from: zone, force: threshold - 10) == zone)
    #expect(edges.next(from: zone, force: threshold - 11) == below)
  }

  @Test func jumpsSeveralZonesInOneFrame() {
    #expect(edges.next(from: .idle, force: 900) == .boosted)
    #expect(edges.next(from: .boosted, force: 0) == .idle)
  }

  @Test(arguments: [Int32(205), 818])
  func noChatterOnANoisyTraceSittingOnAThreshold(threshold: Int32) {
    // ±4 counts of noise around the threshold, after the filter: one entry, no exits.
    var engine = ForceEngine(parameters: .defaults)
    var seed: UInt32 = 12345
    var states: [EngineState] = []
    for frame in 0..<600 {
      seed = seed &* 1_664_525 &+ 1_013_904_223
      let noise = Int32(seed >> 29) - 4  // -4...3
      let force = frame < 100 ? 120 : threshold + noise
      let half = UInt16(max(0, force) / 2)
      states.append(engine.step(left: half, right: UInt16(max(0, force)) - half).state)
    }
    let changes = zip(states, states.dropFirst()).filter { $0 != $1 }.count
    #expect(changes <= 3, "states changed \(changes) times")  // idle→resting→(scrolling→boosted)
  }
}

@Suite struct TransferFunctionTests {
  let transfer = TransferFunction(.defaults)

  /// SPEC §3, in milli-items per second.
  func spec(_ force: Double) -> Double {
    if force < 205 { return 0 }
    if force < 818 { return 14062.5 * (force - 205) / 613 }
    if force >= 1023 { return 43401.1 }
    return 36066.5 + (43401.1 - 36066.5) * (force - 818) / 205
  }

  @Test(arguments: [Int32(0), 204, 205, 206, 300, 500, 700, 817])
  func normalZone(force: Int32) {
    let speed = Double(transfer.speed(force: force, boosted: false))
    let expected = spec(Double(force))
    #expect(abs(speed - expected) <= max(1, expected * 0.01), "F=\(force): \(speed) vs \(expected)")
  }

  @Test(arguments: [Int32(818), 819, 900, 1000, 1022, 1023])
  func boostedZoneAndPlateau(force: Int32) {
    let speed = Double(transfer.speed(force: force, boosted: true))
    let expected = spec(Double(force))
    #expect(abs(speed - expected) <= expected * 0.01, "F=\(force): \(speed) vs \(expected)")
  }

  @Test func breakpointsAreExact() {
    #expect(transfer.speed(force: 205, boosted: false) == 0)
    #expect(transfer.speed(force: 818, boosted: false) == 14063)
    #expect(transfer.speed(force: 818, boosted: true) == 36067)
    #expect(transfer.speed(force: 1023, boosted: true) == 43401)
  }

  @Test func insideTheBoostHysteresisBandTheBoostSegmentHolds() {
    #expect(transfer.speed(force: 810, boosted: true) == 36067)
    #expect(transfer.speed(force: 810, boosted: false) < 14063)
  }
}

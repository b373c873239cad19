import Testing

@testable import ForceEngine

@Suite struct ParametersTests {
  @Test func defaultsMatchSpecAndValidate() throws {
    let p = Parameters.defaults
    try p.validate()
    #expect(p[.sampleRateHz] == 200)
    #expect(p.technique == .thumbRoll)
    #expect(p.sensitivity == .normal)
    #expect(p[.contactThreshold] == 30)
    #expect(p[.restThreshold] == 205)
    #expect(p[.boostThreshold] == 818)
    #expect(p[.hysteresis] == 10)
    #expect(p[.rollThreshold] == 150)
    #expect(p[.speedNormalMax] == 14063)
    #expect(p[.speedBoostMin] == 36067)
    #expect(p[.speedBoostMax] == 43401)
    #expect(p[.filterMs] == 10)
    #expect(p[.quickReleaseMs] == 100)
    #expect(p[.pulseWindowMs] == 300)
    #expect(p[.pressThroughLevel] == 1000)
    #expect(p[.rangeMin] == 0 && p[.rangeMax] == 100 && p[.startValue] == 0)
    #expect(p[.wrap] == 0)
    #expect(p[.leftGain] == 1000 && p[.rightGain] == 1000)
  }

  @Test func namesAreTheSpecNamesAndUnique() {
    var names = Set<String>()
    for index in 0..<ParameterID.count {
      let name = String(describing: ParameterID.at(index)!.info.name)
      #expect(!names.contains(name))
      names.insert(name)
      let found = Array(name.utf8).withUnsafeBytes { ParameterID.named($0) }
      #expect(found == ParameterID.at(index))
    }
    for spec in [
      "sample_rate_hz", "technique", "sensitivity", "contact_threshold", "rest_threshold",
      "boost_threshold", "hysteresis", "roll_threshold", "speed_normal_max", "speed_boost_min",
      "speed_boost_max", "filter_ms", "quick_release_ms", "pulse_window_ms", "press_through_level",
      "range_min", "range_max", "start_value", "wrap", "left_offset", "right_offset", "left_gain",
      "right_gain",
    ] {
      #expect(names.contains(spec), "missing \(spec)")
    }
    #expect(ParameterID.at(ParameterID.count) == nil)
  }

  @Test func outOfRangeIsRejectedNamingTheParameterAndChangesNothing() {
    var p = Parameters.defaults
    #expect(throws: ParameterError(parameter: .sampleRateHz, value: 20, rule: .outOfRange)) {
      try p.set(.sampleRateHz, to: 20)
    }
    #expect(throws: ParameterError(parameter: .technique, value: 6, rule: .outOfRange)) {
      try p.set(.technique, to: 6)
    }
    #expect(p == .defaults)
  }

  @Test(arguments: [
    (ParameterID.contactThreshold, Int32(200), ParameterRule.contactBelowRest),
    (.hysteresis, 30, .contactAboveHysteresis),
    (.restThreshold, 812, .restBelowBoost),
    (.boostThreshold, 210, .restBelowBoost),
    (.speedNormalMax, 40000, .normalMaxNotAboveBoostMin),
    (.speedBoostMax, 30000, .boostMinNotAboveBoostMax),
    (.rangeMax, 0, .rangeOrdered),
    (.startValue, 101, .startInsideRange),
    (.pressThroughLevel, 210, .restBelowPressThrough),
  ])
  func brokenRelationIsRejectedAndChangesNothing(id: ParameterID, value: Int32, rule: ParameterRule) {
    var p = Parameters.defaults
    do {
      try p.set(id, to: value)
      Issue.record("\(id) = \(value) was accepted")
    } catch {
      #expect(error.rule == rule)
    }
    #expect(p == .defaults)
  }

  @Test func batchIsAllOrNothing() throws {
    var p = Parameters.defaults
    // Each alone breaks a relation; together they fit.
    try p.set([(.restThreshold, 850), (.boostThreshold, 950), (.pressThroughLevel, 1010)])
    #expect(p[.restThreshold] == 850 && p[.boostThreshold] == 950)
    let before = p
    #expect(throws: ParameterError.self) {
      try p.set([(.rangeMax, 50), (.startValue, 60)])
    }
    #expect(p == before)
  }

  @Test func encodeDecodeRoundTripsTheFixedLayout() throws {
    var p = Parameters.defaults
    try p.set([(.rangeMin, -500), (.startValue, -20), (.technique, 2)])
    var bytes = [UInt8](repeating: 0, count: Parameters.encodedSize)
    bytes.withUnsafeMutableBytes { p.encode(into: $0) }
    #expect(bytes.count == 140)
    // Layout: little-endian Int32 at 4 × id.
    #expect(bytes[0] == 200 && bytes[1] == 0)  // sample_rate_hz
    #expect(Array(bytes[60..<64]) == [0x0C, 0xFE, 0xFF, 0xFF])  // range_min = -500
    let decoded = bytes.withUnsafeBytes { Parameters(decoding: $0) }
    #expect(decoded == p)
    #expect([UInt8](repeating: 0, count: 99).withUnsafeBytes { Parameters(decoding: $0) } == nil)
  }

  /// The constant the firmware reports is the hash of the table it was built with:
  /// change a name, default or range and this fails until the constant is updated.
  @Test func schemaHashIsTheHashOfTheTable() {
    #expect(Parameters.schemaHash == Parameters.computedSchemaHash)
    #expect(Parameters.layoutVersion == 5)
  }

  @Test func symbolsRoundTrip() {
    for raw in Int32(0)...5 {
      let symbol = ParameterID.technique.symbol(for: raw)!
      let back = Array(String(describing: symbol).utf8).withUnsafeBytes {
        ParameterID.technique.value(forSymbol: $0)
      }
      #expect(back == raw)
    }
    #expect(ParameterID.sensitivity.symbol(for: 2).map { String(describing: $0) } == "firm")
    #expect(ParameterID.restThreshold.symbol(for: 1) == nil)
  }
}

import ForceTrace
import Testing

/// `SensorProfile.set(_:)`, behind `sim study --sensor-set`: one constant changed by its
/// documented name, the change in the profile's name, and a refusal that names what
/// is wrong and changes nothing.
@Suite struct SensorProfileSetTests {
  @Test func setsANumberAndARangeAndSaysSoInTheName() throws {
    var profile = SensorProfile.typical
    try profile.set("hysteresis=0")
    try profile.set("temperatureDrift=0.01...0.03")
    try profile.set("preloadCounts=0")
    #expect(profile.hysteresis == 0)
    #expect(profile.temperatureDrift == 0.01...0.03)
    #expect(profile.preloadCounts == 0...0)
    #expect(profile.partSpread == SensorProfile.typical.partSpread)  // the rest as it was
    #expect(profile.name == "typical (hysteresis=0, temperatureDrift=0.01...0.03, preloadCounts=0)")
  }

  @Test func everySettableNameIsAConstantOfTheProfile() throws {
    for name in SensorProfile.settableNames {
      var profile = SensorProfile.worn
      try profile.set("\(name)=0.5")
      #expect(profile != SensorProfile.worn, "\(name)")
    }
  }

  @Test(arguments: [
    ("hysteresis", "'hysteresis' is not NAME=VALUE"),
    ("hystersis=0", "unknown sensor constant 'hystersis' (did you mean 'hysteresis'?)"),
    ("crosstalk=1", "crosstalk: 1 is 1 or more (a fraction below 1)"),
    ("adcNoiseCounts=-2", "adcNoiseCounts: '-2' is not a number 0 or more"),
    ("temperatureDrift=0.2...0.1", "temperatureDrift: 0.2...0.1 runs backwards"),
    ("preloadCounts=1...2...3", "preloadCounts: '1...2...3' is not LOW...HIGH"),
    ("preloadSettleMs=0", "preloadSettleMs: a time constant must be more than 0"),
  ])
  func aWrongAssignmentIsRefusedAndChangesNothing(assignment: String, message: String) {
    var profile = SensorProfile.typical
    #expect {
      try profile.set(assignment)
    } throws: { error in
      (error as? SensorError)?.description.hasPrefix(message) ?? false
    }
    #expect(profile == SensorProfile.typical)
  }
}

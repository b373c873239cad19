/// Every constant of the sensor model (Docs/sensor-model.md): the divider and the FSR's
/// force law, how one part differs from the nominal one, how it changes with history,
/// time and temperature, the cap's preload and the converter's noise.
///
/// Fractions are of resistance (0.06 is 6 %); counts are 10-bit ADC counts at the pin.
/// The named profiles are `ideal`, `typical` and `worn` (SensorProfile+Named.swift);
/// the fields are `var` so a test or a study can vary one at a time.
public struct SensorProfile: Equatable, Sendable {
  /// The profile's name (`ideal`, `typical`, `worn`, or a caller's own).
  public var name: String

  // MARK: The divider and the nominal force law

  /// The pull-down R_M, Ω. Source: Hardware/wiring.md (3.3 kΩ 1 %).
  public var pullDownOhms: Double
  /// The nominal FSR 402's resistance at 1 N, Ω. Source: Hardware/wiring.md, the power
  /// law R_FSR ≈ 6 kΩ · (F / 1 N)^-0.78 fitted to the datasheet curve.
  public var ohmsAtOneNewton: Double
  /// The exponent of that power law. Source: Hardware/wiring.md (0.78).
  public var forceExponent: Double
  /// The largest force the law is followed to, N: past it the part is saturated and
  /// reads the same. Source: Hardware/wiring.md (the FSR 402 saturates near 100 N).
  public var saturationForceN: Double
  /// The actuation (break) force, N: an FSR conducts from this force on. A cell under a
  /// preloaded cap is already actuated (it reads its rest level, `preloadCounts`), so it
  /// applies to a cell without preload only: below it the thumb's force is not read.
  /// Source: FSR 400 series datasheet, "Actuation force ~0.2 N min". 0: none.
  public var breakForceN: Double
  /// The cell's resistance with nothing pressing it, Ω (in parallel with the force
  /// path). Source: FSR 400 series datasheet, "Non-actuated resistance > 10 MΩ".
  /// `.infinity`: none.
  public var openOhms: Double

  // MARK: The part

  /// Standard deviation of one part's resistance about the nominal law, a fraction,
  /// drawn once per cell from the seed (normal, cut at 3 σ). Source: FSR 400 series
  /// datasheet, "Force repeatability part to part ±6 % (single batch)", its ± figures
  /// being one standard deviation over the mean.
  public var partSpread: Double
  /// Standard deviation of one actuation's resistance about the part's law, a fraction,
  /// drawn at every press (normal, cut at 3 σ). Source: FSR 400 series datasheet,
  /// "Force repeatability single part ±2 %".
  public var repeatability: Double
  /// How much lower the resistance is on the falling branch than on the rising one, a
  /// fraction: falling force reads higher. Source: FSR 400 series datasheet,
  /// "Hysteresis +10 % average (R_F+ − R_F−)/R_F+".
  public var hysteresis: Double
  /// The change in force, as a fraction of the force (ln F), over which the part moves
  /// wholly from one branch to the other. Chosen: a turn shows gradually, and a held
  /// press's tremor traces a small minor loop instead of a step.
  public var hysteresisSpan: Double
  /// Creep under load: the resistance falls by this fraction per decade of time since
  /// the press began. Source: FSR 400 series datasheet, "Long term drift < 5 % per
  /// log10(time)" (1 kg, 35 days).
  public var creepPerDecade: Double
  /// The time that counts as the first decade of creep, ms: the resistance is down by
  /// `creepPerDecade` · log10(1 + t / this). Chosen: 1 s.
  public var creepStartMs: Double

  // MARK: Slow changes of the device

  /// The range the device's resistance change with temperature is drawn from (one draw a
  /// device, both cells), a fraction by which the resistance falls. Source: FSR 400
  /// series datasheet, operating temperature performance: −15 % average resistance
  /// change after 1 hour at +85 °C, about −0.25 % a kelvin from a 25 °C room; a thumb
  /// warms a cell from the room towards skin temperature, 4 to 12 K: 1–3 % (the
  /// datasheet's extremes themselves: `--sensor-set temperatureDrift=0.05...0.15`).
  public var temperatureDrift: ClosedRange<Double>
  /// Time constant of the temperature change, ms (1 − e^(−t/τ)). Chosen: 20 min, so by
  /// the datasheet's hour 95 % of the change has happened.
  public var temperatureTimeConstantMs: Double

  // MARK: The cap

  /// The range each cell's rest reading under the cap's weight and pads is drawn from,
  /// counts (one draw a cell). Chosen: well below the rest threshold of 102 a cell
  /// (Hardware/wiring.md, "the cap's weight and pads should read as rest").
  public var preloadCounts: ClosedRange<Double>
  /// How many counts the rest reading climbs as the pads settle. Chosen: a few counts.
  public var preloadSettleCounts: Double
  /// Time constant of that settling, ms. Chosen: minutes.
  public var preloadSettleMs: Double
  /// The fraction of one cell's force that the rigid cap passes to the other instead
  /// (the total is kept: the cap shares force, it creates none). Chosen: a few percent.
  public var crosstalk: Double

  // MARK: The converter

  /// Standard deviation of the converter's input noise, in 10-bit counts (Gaussian, on
  /// every reading, before rounding). Chosen: 1.5 counts.
  public var adcNoiseCounts: Double

  /// A profile from all its constants.
  public init(
    name: String, pullDownOhms: Double = 3300, ohmsAtOneNewton: Double = 6000, forceExponent: Double = 0.78,
    saturationForceN: Double = 100, breakForceN: Double, openOhms: Double, partSpread: Double,
    repeatability: Double, hysteresis: Double, hysteresisSpan: Double = 0.2, creepPerDecade: Double,
    creepStartMs: Double = 1000, temperatureDrift: ClosedRange<Double>, temperatureTimeConstantMs: Double = 1_200_000,
    preloadCounts: ClosedRange<Double>, preloadSettleCounts: Double, preloadSettleMs: Double, crosstalk: Double,
    adcNoiseCounts: Double
  ) {
    self.name = name
    self.pullDownOhms = pullDownOhms
    self.ohmsAtOneNewton = ohmsAtOneNewton
    self.forceExponent = forceExponent
    self.saturationForceN = saturationForceN
    self.breakForceN = breakForceN
    self.openOhms = openOhms
    self.partSpread = partSpread
    self.repeatability = repeatability
    self.hysteresis = hysteresis
    self.hysteresisSpan = hysteresisSpan
    self.creepPerDecade = creepPerDecade
    self.creepStartMs = creepStartMs
    self.temperatureDrift = temperatureDrift
    self.temperatureTimeConstantMs = temperatureTimeConstantMs
    self.preloadCounts = preloadCounts
    self.preloadSettleCounts = preloadSettleCounts
    self.preloadSettleMs = preloadSettleMs
    self.crosstalk = crosstalk
    self.adcNoiseCounts = adcNoiseCounts
  }

  /// True when the profile changes nothing about the cell: no break force, open path,
  /// spread, history, drift, preload or crosstalk. The model then hands the ideal counts
  /// straight to the board (exactly: no round trip through the force law); the board
  /// still adds `adcNoiseCounts`.
  public var passesThrough: Bool {
    breakForceN == 0 && openOhms == .infinity && partSpread == 0 && repeatability == 0 && hysteresis == 0
      && creepPerDecade == 0 && temperatureDrift == 0...0 && preloadCounts == 0...0 && preloadSettleCounts == 0
      && crosstalk == 0
  }
}

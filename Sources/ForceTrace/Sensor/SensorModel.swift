import Foundation

/// The two FSR cells, their dividers and the board's converter, seeded: turns the
/// force a person puts on each cell into the readings a real device would give
/// (Docs/sensor-model.md). A value type; each `read` advances its history, so one
/// model plays one trace, in time order.
///
///     var sensor = SensorModel(profile: .typical, board: .pico, seed: 7,
///                              faults: [try SensorFault.parse("railed:right@1s+500ms")])
///     let noisy = sensor.apply(to: script.frames())
///
/// The same profile, board, seed and faults give the same readings on every run.
public struct SensorModel: Sendable {
  /// The sensor's constants.
  public let profile: SensorProfile
  /// The board that converts.
  public let board: SensorBoard
  /// The seed every random draw derives from.
  public let seed: UInt64
  /// The faults, applied in this order after everything else.
  public let faults: [SensorFault]

  let law: DividerLaw
  /// The device's resistance change with temperature once settled, a fraction.
  let temperatureDrift: Double
  var cells: [SensorCell]
  var faultStates: [FaultState]

  /// A model of a device with `profile` on `board`, its parts drawn from `seed`.
  public init(
    profile: SensorProfile = .ideal, board: SensorBoard = .microbit, seed: UInt64 = 1, faults: [SensorFault] = []
  ) {
    self.profile = profile
    self.board = board
    self.seed = seed
    self.faults = faults
    law = DividerLaw(profile)
    var device = SplitMix64.stream(seed, SensorStream.temperature)
    temperatureDrift = device.uniform(profile.temperatureDrift.lowerBound, profile.temperatureDrift.upperBound)
    cells = [0, 1].map { SensorCell(index: $0, profile: profile, seed: seed) }
    faultStates = faults.enumerated().map { FaultState($1, index: $0, seed: seed) }
  }

  /// Each cell's rest reading under the cap as drawn for this device, before the pads
  /// settle, counts (from the profile's `preloadCounts`; 0 with `ideal`).
  public var preloadCounts: (left: Double, right: Double) { (cells[0].preloadCounts, cells[1].preloadCounts) }

  /// The readings at `timeMs` for the ideal counts `left` and `right`: what a nominal,
  /// perfectly calibrated sensor with no preload would read for the person's force on
  /// each cell (what gesture scripts and the simulated users produce). With `.ideal`,
  /// the micro:bit and no faults, exactly the inputs rounded and clamped to 0…1023.
  public mutating func read(left: Double, right: Double, timeMs: Double) -> (left: UInt16, right: UInt16) {
    let inputs = [left, right].map { $0.isNaN ? 0 : Swift.min(1023, Swift.max(0, $0)) }
    var levels = inputs
    if !profile.passesThrough {
      let forces = inputs.map { law.force(level: $0) }
      let temperatureFactor =
        1 - temperatureDrift * (1 - exp(-Swift.max(0, timeMs) / profile.temperatureTimeConstantMs))
      for index in 0..<2 {
        // The rigid cap shares the thumb's force between the cells; it creates none.
        let person = (1 - profile.crosstalk) * forces[index] + profile.crosstalk * forces[1 - index]
        let g = cells[index].conductance(
          personForce: person, timeMs: timeMs, profile: profile, law: law, temperatureFactor: temperatureFactor)
        levels[index] = DividerLaw.level(conductance: g)
      }
    }
    var codes: (UInt16, UInt16) = (0, 0)
    for index in 0..<2 {
      let level = pinLevel(index, levels[index], timeMs: timeMs)
      let noise = profile.adcNoiseCounts > 0 ? profile.adcNoiseCounts * cells[index].noise.gaussian() : 0
      let code = frozen(index, board.reading(level: level, noise: noise), timeMs: timeMs)
      if index == 0 { codes.0 = code } else { codes.1 = code }
      last[index] = LastRead(level: level, noise: noise, timeMs: timeMs)
    }
    return codes
  }

  /// The pin level and the converter's noise of each cell at the last `read`, from
  /// which `pulled` is worked out when a probe asks for it.
  struct LastRead: Sendable {
    var level = 0.0
    var noise = 0.0
    var timeMs = 0.0
  }
  var last = [LastRead(), LastRead()]

  /// The readings of the last `read` as they would be with the cells' pull-ups on
  /// (the probe, Docs/sensor-faults.md): the board's pull-up (`SensorBoard.pullUpOhms`)
  /// in parallel with the FSR, or full scale for a `floating` pin, with the same noise.
  /// Worked out when asked: a board reads them only for a probe frame.
  public var pulled: PulledReadings {
    func code(_ index: Int) -> UInt16 {
      let read = last[index]
      let level = isFloating(index, at: read.timeMs) ? 1023 : pulledUp(read.level)
      return frozenCode(index, board.reading(level: level, noise: read.noise), timeMs: read.timeMs)
    }
    return PulledReadings(left: code(0), right: code(1))
  }

  /// Whether the model has a `floating` fault: its traces carry the pulled readings.
  public var hasFloatingFault: Bool {
    faults.contains { if case .floating = $0 { true } else { false } }
  }

  /// A connected pin's `level` with the board's pull-up on as well: its conductance,
  /// in units of 1/R_M, grows by R_M / R_pull.
  func pulledUp(_ level: Double) -> Double {
    DividerLaw.level(
      conductance: DividerLaw.conductance(level: level) + profile.pullDownOhms / board.pullUpOhms)
  }

  /// Whether a `floating` fault on cell `index` holds at `t`.
  func isFloating(_ index: Int, at t: Double) -> Bool {
    faultStates.contains {
      if case .floating(let cell, let window) = $0.fault { cell.index == index && window.contains(t) } else { false }
    }
  }

  /// The frames as this device would read them: each frame's counts as the ideal counts
  /// at its `timeMs` (a frame without one at 5 ms a frame, the 200 Hz default), with the
  /// pulled readings when a fault is `floating` (only then can a probe tell).
  public mutating func apply(to frames: [RawFrame]) -> [RawFrame] {
    var out: [RawFrame] = []
    out.reserveCapacity(frames.count)
    for (index, frame) in frames.enumerated() {
      let t = frame.timeMs.map(Double.init) ?? Double(index) * 5
      let reading = read(left: Double(frame.left), right: Double(frame.right), timeMs: t)
      out.append(
        RawFrame(
          left: reading.left, right: reading.right, timeMs: frame.timeMs,
          pulled: hasFloatingFault ? pulled : nil))
    }
    return out
  }

  /// The pin level of cell `index` after the faults that act on the divider: a drift's
  /// leak in parallel, then an open lead (0 V), a short to the rail (full scale) or a
  /// floating pin (its own level, wandering).
  mutating func pinLevel(_ index: Int, _ level: Double, timeMs t: Double) -> Double {
    var level = level
    for i in faultStates.indices where faultStates[i].fault.cell.index == index {
      let fault = faultStates[i].fault
      guard fault.window.contains(t) else { continue }
      switch fault {
      case .drift(_, let window):
        let leak = Swift.min(1022, SensorFault.driftCountsPerSecond * (t - window.startMs) / 1000)
        let g = DividerLaw.conductance(level: level) + DividerLaw.conductance(level: leak)
        level = DividerLaw.level(conductance: g)
      case .open: level = 0
      case .railed: level = 1023
      case .intermittent: if faultStates[i].isBroken(at: t) { level = 0 }
      case .stuck: break
      case .floating:
        let step = SensorFault.floatingStepCounts
        let from = faultStates[i].wandering ?? level
        faultStates[i].wandering = Swift.min(1023, Swift.max(0, from + faultStates[i].random.uniform(-step, step)))
        level = faultStates[i].wandering!
      }
    }
    return level
  }

  /// The code of cell `index` after `stuck` faults: frozen at the first code inside one.
  mutating func frozen(_ index: Int, _ code: UInt16, timeMs t: Double) -> UInt16 {
    for i in faultStates.indices where faultStates[i].fault.cell.index == index {
      guard case .stuck(_, let window) = faultStates[i].fault, window.contains(t) else { continue }
      if faultStates[i].frozen == nil { faultStates[i].frozen = code }
    }
    return frozenCode(index, code, timeMs: t)
  }

  /// `code` as a `stuck` fault already frozen at `t` leaves it.
  func frozenCode(_ index: Int, _ code: UInt16, timeMs t: Double) -> UInt16 {
    var code = code
    for state in faultStates where state.fault.cell.index == index {
      guard case .stuck(_, let window) = state.fault, window.contains(t), let frozen = state.frozen else { continue }
      code = frozen
    }
    return code
  }
}

extension SensorFault.Cell {
  /// 0 for the left cell, 1 for the right.
  var index: Int { self == .left ? 0 : 1 }
}

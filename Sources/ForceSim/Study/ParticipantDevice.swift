import ForceEngine
import ForceHostCore
import ForceTrace

/// The sensor a study's participants press through (`forcectl sim study --sensor`,
/// Docs/study-design.md): a sensor-model profile and the board that reads it.
public struct StudySensor: Equatable, Sendable, CustomStringConvertible {
  /// The sensor model's constants (`ideal`, `typical`, `worn` or a caller's own).
  public var profile: SensorProfile
  /// The board whose converter reads the cells.
  public var board: SensorBoard

  /// A sensor of `profile` read by `board`.
  public init(profile: SensorProfile = .ideal, board: SensorBoard = .microbit) {
    self.profile = profile
    self.board = board
  }

  /// The ideal counts themselves: the ideal profile on the micro:bit.
  public static let ideal = StudySensor()

  /// Whether the readings are the ideal counts the participant makes (the ideal profile
  /// on the micro:bit, whose model hands its whole-count input back unchanged): then no
  /// model runs and nobody calibrates, and the study is the one without a sensor.
  public var readsIdealCounts: Bool {
    profile.passesThrough && profile.adcNoiseCounts == 0 && board == .microbit
  }

  /// `typical on microbit`.
  public var description: String { "\(profile.name) on \(board.rawValue)" }
}

/// One participant's own device for a whole session (Docs/study-design.md): a
/// `SensorModel` seeded from the study seed and the participant, one clock that runs
/// on across calibration and every trial (creep, the pads' settling and temperature go
/// on between trials), the calibration the participant did on it before the first
/// trial, and the rest levels the engine had learned by the end of the last trial.
public struct ParticipantDevice: Sendable {
  /// The session's timeline, ms (chosen; Docs/study-design.md).
  public enum Timing {
    /// Reading a calibration prompt, thumb off, before doing what it says.
    public static let promptMs = 2_000.0
    /// Pressing before pressing Enter, once the press has reached its force.
    public static let settleMs = 500.0
    /// One step's recording: `forcectl calibrate`'s default `--seconds 1`.
    public static let recordMs = 1_000.0
    /// Between two trials, thumb off: the participant reads the next start and target.
    /// The engine keeps running on the rest readings (its rest tracking can learn).
    public static let betweenTrialsMs = 2_000.0
  }

  /// What calibration measured and set, and how the session ended.
  public struct Record: Equatable, Sendable {
    /// The seed of the participant's sensor model.
    public var sensorSeed: UInt64
    /// Each cell's rest reading under the cap when the device was made (before the
    /// pads settle), counts: the model's preload.
    public var preloadLeft: Double, preloadRight: Double
    /// The offsets and gains calibration set, and what it measured.
    public var calibration: CalibrationFit
    /// The rest levels the engine had learned at the end of the session.
    public var finalRestLeft: Int32, finalRestRight: Int32
    /// Frames in which the engine reported a cell fault (any kind), over the session.
    public var faultFrames: Int
    /// The session's length, simulated ms.
    public var sessionMs: Double
  }

  /// The seed of the sensor model.
  public let sensorSeed: UInt64
  var model: SensorModel
  let frameMs: Double
  /// The session clock: the time of the next reading, ms.
  public private(set) var timeMs = 0.0
  /// What calibration set.
  public private(set) var calibration: CalibrationFit
  /// The offsets the next trial's engine starts from: calibration's, then what the
  /// engine had learned by the end of the previous trial.
  public private(set) var restLevels: (left: Int32, right: Int32)

  /// The sensor seed of `participant` (1-based) in a study seeded `seed`.
  public static func sensorSeed(seed: UInt64, participant: Int) -> UInt64 {
    var generator = SplitMix64.stream(seed, 3, UInt64(participant))
    return generator.next()
  }

  /// Participant `participant`'s device, calibrated by that participant (`profile`) as
  /// `forcectl calibrate` does: rest, a firm left and right press, a medium left and
  /// right press.
  public init(
    sensor: StudySensor, seed: UInt64, participant: Int, profile: UserProfile, sampleRateHz: Int32 = 200
  ) throws(CalibrationError) {
    sensorSeed = Self.sensorSeed(seed: seed, participant: participant)
    model = SensorModel(profile: sensor.profile, board: sensor.board, seed: sensorSeed)
    frameMs = 1000 / Double(sampleRateHz)
    calibration = CalibrationFit(leftOffset: 0, rightOffset: 0, leftGain: 1000, rightGain: 1000)
    restLevels = (0, 0)
    var thumbNoise = SplitMix64.stream(seed, 4, UInt64(participant))
    calibration = try calibrate(profile, &thumbNoise)
    restLevels = (calibration.leftOffset, calibration.rightOffset)
  }

  /// The readings of the next frame for the ideal counts `left` and `right`.
  @inline(__always)
  public mutating func read(_ left: UInt16, _ right: UInt16) -> (left: UInt16, right: UInt16) {
    let reading = model.read(left: Double(left), right: Double(right), timeMs: timeMs)
    timeMs += frameMs
    return reading
  }

  /// `base` with what calibration set (`CalibrationFit.batch`: the gains, `fsr_law`),
  /// the offsets being the rest levels learned so far.
  public func parameters(_ base: Parameters) -> Parameters {
    var p = base
    let batch = calibration.batch
    for index in 0..<batch.count {
      guard let id = ParameterID(rawValue: batch[index].id) else { continue }
      let value =
        id == .leftOffset ? restLevels.left : id == .rightOffset ? restLevels.right : batch[index].value
      let info = id.info
      try? p.set(id, to: Swift.min(info.max, Swift.max(info.min, value)))
    }
    return p
  }

  /// After a trial: the thumb is off for `Timing.betweenTrialsMs` while `engine` keeps
  /// running on the rest readings; the next trial starts from the rest it learned.
  public mutating func betweenTrials(_ engine: inout ForceEngine) {
    for _ in 0..<frames(Timing.betweenTrialsMs) {
      let reading = read(0, 0)
      saw(engine.step(left: reading.left, right: reading.right))
    }
    restLevels = engine.restLevels
  }

  /// Frames in which the engine reported a cell fault, so far.
  public private(set) var faultFrames = 0

  /// Counts a frame the engine made of this device's readings.
  @inline(__always)
  mutating func saw(_ output: FrameOutput) {
    if output.faults != .none { faultFrames &+= 1 }
  }

  /// What the session did, for the study's `devices.csv`.
  public var record: Record {
    Record(
      sensorSeed: sensorSeed, preloadLeft: model.preloadCounts.left, preloadRight: model.preloadCounts.right,
      calibration: calibration, finalRestLeft: restLevels.left, finalRestRight: restLevels.right,
      faultFrames: faultFrames, sessionMs: timeMs)
  }

  func frames(_ ms: Double) -> Int { Int((ms / frameMs).rounded()) }

  /// The five steps of `forcectl calibrate`, each after reading its prompt: a second
  /// untouched, a second of a firm press on the left side and one on the right, then a
  /// medium press on the left side and one on the right, each held. A firm press is the
  /// participant's firmest (`overpress`, its press past full scale), a medium one the
  /// middle of the scale as it knows the device (`CalibrationFit.mediumTarget`, total
  /// ideal counts), each on one side of the rocker (balance ∓`buttonBalance`, as on a
  /// button), made with its own rise, lag and motor noise.
  mutating func calibrate(_ profile: UserProfile, _ noise: inout SplitMix64) throws(CalibrationError)
    -> CalibrationFit
  {
    let recordFrames = frames(Timing.recordMs)
    skip(Timing.promptMs)
    let rest = (0..<recordFrames).map { _ in frame(read(0, 0)) }
    var presses: [[RawFrame]] = []
    for force in [profile.overpress, CalibrationFit.mediumTarget] {
      for side in [-1.0, 1.0] { presses.append(press(force, side: side, profile, &noise)) }
    }
    skip(Timing.promptMs)
    return try CalibrationFit.from(
      rest: rest, left: presses[0], right: presses[1], mediumLeft: presses[2], mediumRight: presses[3])
  }

  /// One press step: the prompt, a press on one side (`side` −1 left, +1 right) up to
  /// `force`, held a moment before Enter and on while a second is recorded, then the
  /// lift. Returns the recording.
  mutating func press(_ force: Double, side: Double, _ profile: UserProfile, _ noise: inout SplitMix64)
    -> [RawFrame]
  {
    skip(Timing.promptMs)
    var thumb = ThumbDynamics(balance: side * profile.buttonBalance, profile: profile, frameMs: frameMs)
    let press = ThumbCommand(
      force: force, rise: profile.controlledRisePerMs, fall: profile.controlledFallPerMs,
      lagMs: profile.forceLagMs, balance: side * profile.buttonBalance, balanceRate: profile.rollRatePerS,
      frameMs: frameMs)
    // Press until the force is there, hold a moment, press Enter, hold on while it records.
    var pressing = 0
    while thumb.force < 0.95 * force && pressing < frames(5_000) {
      pressing += 1
      _ = read(thumb.step(press, rng: &noise))
    }
    for _ in 0..<frames(Timing.settleMs) { _ = read(thumb.step(press, rng: &noise)) }
    let recorded = (0..<frames(Timing.recordMs)).map { _ in
      frame(read(thumb.step(press, rng: &noise)))
    }
    let lift = ThumbCommand(
      force: 0, rise: profile.controlledRisePerMs, fall: profile.liftFallPerMs, lagMs: 0,
      balance: side * profile.buttonBalance, balanceRate: profile.rollRatePerS, frameMs: frameMs)
    while thumb.force > 0 { _ = read(thumb.step(lift, rng: &noise)) }
    return recorded
  }

  mutating func read(_ cells: (left: UInt16, right: UInt16)) -> (left: UInt16, right: UInt16) {
    read(cells.left, cells.right)
  }

  /// Time passes with the thumb off; nothing reads the cells.
  mutating func skip(_ ms: Double) { timeMs += Double(frames(ms)) * frameMs }

  func frame(_ reading: (left: UInt16, right: UInt16)) -> RawFrame {
    RawFrame(left: reading.left, right: reading.right)
  }
}

import ForceEngine
import ForceTrace

/// What happened in one simulated trial.
public struct TrialOutcome: Equatable, Sendable {
  /// First contact to commit, ms (the cap when the trial timed out).
  public var timeMs: Int
  /// How often the shown value passed the target.
  public var crossings: Int
  /// The committed value; nil when the trial timed out.
  public var committed: Int32?
  /// Whether the trial hit the time cap without a commit.
  public var timedOut: Bool

  /// Whether the committed value is the target.
  public func success(target: Int32) -> Bool { committed == target }
}

/// One frame of a recorded trial: the raw readings and the engine's output.
public struct TrialFrame: Equatable, Sendable {
  /// Left cell reading.
  public var left: UInt16
  /// Right cell reading.
  public var right: UInt16
  /// The engine's output.
  public var output: FrameOutput
}

/// What a trial presses on, frame by frame: the engine in this process (`ForceEngine`),
/// or a device's engine reached over its link (`RemoteEngine`). Internal: every trial
/// loop is compiled for a concrete engine, no generic copy of it is kept.
protocol TrialEngine {
  /// What a frame can fail with (`Never` in this process).
  associatedtype Failure: Error
  /// Runs one frame of raw readings; returns the engine's output.
  mutating func step(left: UInt16, right: UInt16) throws(Failure) -> FrameOutput
}

extension ForceEngine: TrialEngine {
  typealias Failure = Never
}

/// An engine reached through a function that presses one frame and returns what the
/// engine made of it: a device's, over its link (`forcectl study run --simulated`).
public struct RemoteEngine: TrialEngine {
  let press: (UInt16, UInt16) throws -> FrameOutput

  /// An engine that `press` steps.
  public init(press: @escaping (_ left: UInt16, _ right: UInt16) throws -> FrameOutput) { self.press = press }

  mutating func step(left: UInt16, right: UInt16) throws -> FrameOutput { try press(left, right) }
}

/// Runs one trial: a `SimulatedUser` driving the real `ForceEngine` frame by frame.
public enum TrialRunner {
  /// Runs `task` on a device with `parameters` (already set up for the task, see
  /// `StudyDesign.parameters`). Time runs from the first frame whose raw total reaches
  /// `contact_threshold` to the commit; a trial without a commit within `maxMs` is a
  /// time-out.
  public static func run(
    task: StudyTask, parameters: Parameters, profile: UserProfile, rng: SplitMix64, maxMs: Int = 30_000
  ) -> TrialOutcome {
    var unused: [TrialFrame] = []
    var engine = ForceEngine(parameters: parameters)
    var cells = IdealCells()
    return simulate(
      task: task, parameters: parameters, profile: profile, rng: rng, maxMs: maxMs, record: false, &unused,
      engine: &engine, cells: &cells)
  }

  /// `run`, also returning every frame (for inspecting a trial's events).
  public static func record(
    task: StudyTask, parameters: Parameters, profile: UserProfile, rng: SplitMix64, maxMs: Int = 30_000
  ) -> (TrialOutcome, [TrialFrame]) {
    var frames: [TrialFrame] = []
    var engine = ForceEngine(parameters: parameters)
    var cells = IdealCells()
    let outcome = simulate(
      task: task, parameters: parameters, profile: profile, rng: rng, maxMs: maxMs, record: true, &frames,
      engine: &engine, cells: &cells)
    return (outcome, frames)
  }

  /// `run` pressing on `engine`, which the caller has set up for the task (its
  /// parameters, its value at the start): a device's engine in a closed loop. The same
  /// user, frames and timing as `run`, so the same outcome from the same engine code.
  public static func run(
    task: StudyTask, parameters: Parameters, profile: UserProfile, rng: SplitMix64, maxMs: Int = 30_000,
    engine: inout RemoteEngine
  ) throws -> TrialOutcome {
    var unused: [TrialFrame] = []
    var cells = IdealCells()
    return try simulate(
      task: task, parameters: parameters, profile: profile, rng: rng, maxMs: maxMs, record: false, &unused,
      engine: &engine, cells: &cells)
  }

  /// `run` through the participant's own `device` (Docs/study-design.md): the engine
  /// starts from the device's calibration and the rest levels it learned so far, reads
  /// what the device's cells read, and after the trial keeps running on the rest
  /// readings until the next trial. Time still runs from the first frame whose ideal
  /// counts (the person's force on a nominal sensor) reach `contact_threshold`.
  public static func run(
    task: StudyTask, parameters: Parameters, profile: UserProfile, rng: SplitMix64, maxMs: Int = 30_000,
    device: inout ParticipantDevice
  ) -> TrialOutcome {
    var unused: [TrialFrame] = []
    return simulate(
      task: task, parameters: parameters, profile: profile, rng: rng, maxMs: maxMs, record: false, &unused,
      device: &device)
  }

  /// `run(…device:)`, also returning every frame the engine read during the trial.
  public static func record(
    task: StudyTask, parameters: Parameters, profile: UserProfile, rng: SplitMix64, maxMs: Int = 30_000,
    device: inout ParticipantDevice
  ) -> (TrialOutcome, [TrialFrame]) {
    var frames: [TrialFrame] = []
    let outcome = simulate(
      task: task, parameters: parameters, profile: profile, rng: rng, maxMs: maxMs, record: true, &frames,
      device: &device)
    return (outcome, frames)
  }

  static func simulate(
    task: StudyTask, parameters: Parameters, profile: UserProfile, rng: SplitMix64, maxMs: Int,
    record: Bool, _ trace: inout [TrialFrame], device: inout ParticipantDevice
  ) -> TrialOutcome {
    var engine = ForceEngine(parameters: device.parameters(parameters))
    var cells = DeviceCells(device: device)
    let outcome = simulate(
      task: task, parameters: parameters, profile: profile, rng: rng, maxMs: maxMs, record: record, &trace,
      engine: &engine, cells: &cells)
    device = cells.device
    device.betweenTrials(&engine)
    return outcome
  }

  static func simulate<Engine: TrialEngine, Cells: TrialCells>(
    task: StudyTask, parameters: Parameters, profile: UserProfile, rng: SplitMix64, maxMs: Int,
    record: Bool, _ trace: inout [TrialFrame], engine: inout Engine, cells: inout Cells
  ) throws(Engine.Failure) -> TrialOutcome {
    var user = SimulatedUser(profile: profile, parameters: parameters, start: task.start, target: task.target, rng: rng)
    let rate = Int(parameters.sampleRateHz)
    let maxFrames = maxMs * rate / 1000
    let contact = Int(parameters[.contactThreshold])
    let wraps = parameters.technique.alwaysWraps
    let span = parameters[.rangeMax] - parameters[.rangeMin] + 1
    var crossings = CrossingCounter(start: task.start, target: task.target, span: wraps ? span : 0)
    var contactFrame: Int?
    for frame in 0..<maxFrames {
      let (idealLeft, idealRight) = user.act()
      if contactFrame == nil && Int(idealLeft) + Int(idealRight) >= contact { contactFrame = frame }
      let (left, right) = cells.read(idealLeft, idealRight)
      let output = try engine.step(left: left, right: right)
      cells.saw(output)
      if record { trace.append(TrialFrame(left: left, right: right, output: output)) }
      crossings.observe(output.value)
      if output.events.contains(.commit) {
        let frames = frame - (contactFrame ?? frame)
        return TrialOutcome(
          timeMs: (frames * 1000 + rate / 2) / rate, crossings: crossings.count, committed: output.value,
          timedOut: false)
      }
      user.see(output.value)
    }
    return TrialOutcome(timeMs: maxMs, crossings: crossings.count, committed: nil, timedOut: true)
  }
}

/// What the engine reads for the ideal counts a participant makes, frame by frame, and
/// what it made of them.
protocol TrialCells {
  mutating func read(_ left: UInt16, _ right: UInt16) -> (UInt16, UInt16)
  mutating func saw(_ output: FrameOutput)
}

/// The ideal counts themselves (no sensor).
struct IdealCells: TrialCells {
  @inline(__always)
  func read(_ left: UInt16, _ right: UInt16) -> (UInt16, UInt16) { (left, right) }
  @inline(__always)
  func saw(_ output: FrameOutput) {}
}

/// A participant's device: its sensor model at the session's clock.
struct DeviceCells: TrialCells {
  var device: ParticipantDevice

  @inline(__always)
  mutating func read(_ left: UInt16, _ right: UInt16) -> (UInt16, UInt16) {
    let reading = device.read(left, right)
    return (reading.left, reading.right)
  }

  @inline(__always)
  mutating func saw(_ output: FrameOutput) { device.saw(output) }
}

/// Counts how often the shown value passes the target: each time it lands on the
/// other side of the target from where it last was (landing on the target and
/// turning back is not a crossing). With wrap, a jump from one end to the other is
/// not a pass.
struct CrossingCounter {
  let target: Int32
  let span: Int32
  var side: Int
  var last: Int32
  private(set) var count = 0

  init(start: Int32, target: Int32, span: Int32) {
    self.target = target
    self.span = span
    side = start < target ? -1 : (start > target ? 1 : 0)
    last = start
  }

  mutating func observe(_ value: Int32) {
    guard value != last else { return }
    let jumped = span > 0 && abs(Int(value) - Int(last)) > Int(span) / 2
    last = value
    let now = value < target ? -1 : (value > target ? 1 : 0)
    if now == 0 { return }
    if side != 0 && now != side && !jumped { count += 1 }
    side = now
  }
}

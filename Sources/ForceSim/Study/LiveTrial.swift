import ForceEngine

/// A person's trial on a device, followed from the device's telemetry
/// (Docs/running-a-study.md): the clock never runs while a thumb rests on the cells
/// before the trial or while the participant is not ready.
///
/// Phases: `release` (the cells are pressed: the trial waits until they are let go),
/// `ready` (released: waits for the participant to say they are ready; a press sends
/// it back to `release`), `armed` (the target is shown, the device's engine restarted
/// at the start value; the clock starts at the first contact), `running` (from the
/// first frame whose raw total reaches `contact_threshold`, as `TrialRunner` times a
/// simulated trial) and `ended` (committed, or timed out `maxMs` after the contact).
/// Time and crossings are counted in the device's frames, as in `sim study`.
public struct LiveTrial: Sendable {
  /// Where the trial is.
  public enum Phase: String, Sendable {
    case release, ready, armed, running, ended
  }

  /// The task.
  public let task: StudyTask
  /// Where the trial is.
  public private(set) var phase: Phase = .release
  /// The value the device shows (its latest telemetry).
  public private(set) var value: Int32
  /// The result, once `ended`.
  public private(set) var outcome: TrialOutcome?
  /// Frames since the first contact (0 before it).
  public private(set) var framesRunning = 0
  /// The device's frame number at the first contact.
  public private(set) var contactFrame: UInt16?

  let contact: Int
  let rate: Int
  let maxFrames: Int
  var crossings: CrossingCounter
  var lastFrame: UInt16?

  /// A trial of `task` on a device set up with `parameters` (`StudyDesign.parameters`).
  public init(task: StudyTask, parameters: Parameters, maxMs: Int = 30_000) {
    self.task = task
    value = task.start
    contact = Int(parameters[.contactThreshold])
    rate = Int(parameters.sampleRateHz)
    maxFrames = maxMs * rate / 1000
    let wraps = parameters.technique.alwaysWraps
    crossings = CrossingCounter(
      start: task.start, target: task.target,
      span: wraps ? parameters[.rangeMax] - parameters[.rangeMin] + 1 : 0)
  }

  /// Milliseconds since the first contact, in device frames.
  public var elapsedMs: Int { (framesRunning * 1000 + rate / 2) / rate }

  /// The participant is ready: accepted when the cells are released (`ready`); the
  /// caller then restarts the device's engine at the start value. Returns whether it was.
  public mutating func ready() -> Bool {
    guard phase == .ready else { return false }
    phase = .armed
    value = task.start
    return true
  }

  /// A frame of telemetry: its number (wrapping at 65 536), the raw readings and the
  /// shown value.
  public mutating func observe(frame: UInt16, left: UInt16, right: UInt16, value shown: Int32) {
    let step = lastFrame.map { Int(frame &- $0) } ?? 1
    lastFrame = frame
    let pressed = Int(left) + Int(right) >= contact
    switch phase {
    case .release: if !pressed { phase = .ready }
    case .ready: if pressed { phase = .release }
    case .armed:
      value = shown
      if pressed {
        phase = .running
        contactFrame = frame
        crossings.observe(shown)
      }
    case .running:
      value = shown
      crossings.observe(shown)
      framesRunning += step
      if framesRunning >= maxFrames {
        outcome = TrialOutcome(
          timeMs: maxFrames * 1000 / rate, crossings: crossings.count, committed: nil, timedOut: true)
        phase = .ended
      }
    case .ended: break
    }
  }

  /// A `commit` event of frame `frame` with the committed value: ends a running trial.
  public mutating func commit(frame: UInt16, value committed: Int32) {
    guard phase == .running else { return }
    // The event may come before or after its frame's telemetry.
    if let lastFrame, Int16(bitPattern: frame &- lastFrame) > 0 {
      framesRunning += Int(frame &- lastFrame)
      self.lastFrame = frame
    }
    value = committed
    crossings.observe(committed)
    outcome = TrialOutcome(timeMs: elapsedMs, crossings: crossings.count, committed: committed, timedOut: false)
    phase = .ended
  }
}

import ForceDevice
import ForceEngine
import ForceProtocol
import ForceSim
import ForceTrace
import Foundation

/// What the participant and experimenter pages draw (`/study/state.json`).
struct PeopleState: Encodable {
  /// `break` (before a block: its instructions, until someone says ready), `release`,
  /// `ready`, `armed`, `running`, `ended` (`LiveTrial.Phase`), `finished`.
  var phase = "break"
  var participant = 0
  var technique = ""
  var block = 0
  var blocks = 0
  var practice = false
  /// 1-based place of the trial in the whole session, and the session's trials.
  var index = 0
  var trials = 0
  /// The trial's number within its block (practice numbered on their own).
  var trial = 0
  var start: Int32 = 0
  var target: Int32 = 0
  var value: Int32 = 0
  var rangeMax: Int32 = 0
  var elapsedMs = 0
  var left: UInt16 = 0
  var right: UInt16 = 0
  /// The device's frame counter in the latest telemetry (16 bits, wrapping).
  var frame: UInt16 = 0
  var paused = false
  var disturbed = false
  /// Analysed trials done and failed so far, and seconds since the session began.
  var done = 0
  var errors = 0
  var sessionSeconds = 0.0
  /// The previous trial: its time and whether it hit the target.
  var lastTimeMs: Int?
  var lastSuccess: Bool?
}

/// The state and the pages' actions, shared between the server's threads and the
/// session's loop.
final class PeopleBoard: @unchecked Sendable {
  private let lock = NSLock()
  private var state = PeopleState()
  private var actions: [String] = []

  /// The state as JSON.
  var json: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: (try? JSONEncoder().encode(state)) ?? Data(), as: UTF8.self)
  }

  /// Updates the state.
  func update(_ change: (inout PeopleState) -> Void) {
    lock.lock()
    change(&state)
    lock.unlock()
  }

  /// Takes an action from a page: nil when taken, else why not.
  func act(_ action: String) -> String? {
    lock.lock()
    defer { lock.unlock() }
    switch action {
    case "ready":
      if state.paused { return "the study is paused" }
      if state.phase == "release" { return "the cells are pressed: lift the thumb off the sensor first" }
      guard state.phase == "ready" || state.phase == "break" else { return "not waiting for ready (\(state.phase))" }
    case "disturbed":
      guard state.phase != "finished" else { return "the study is over" }
    default: break
    }
    actions.append(action)
    return nil
  }

  /// The actions taken since the last call.
  func takeActions() -> [String] {
    lock.lock()
    defer { lock.unlock() }
    defer { actions.removeAll() }
    return actions
  }
}

/// A person's session on a device (`forcectl study run --participant`): the plan's
/// trials from `from`, each set up on the device, followed from its telemetry
/// (`LiveTrial`), logged as it ends. Blocks begin with a break the participant or the
/// experimenter ends with ready; a pause holds the next trial from starting.
struct PeopleSession {
  let client: DeviceClient
  let config: StudyConfig
  let participant: Int
  let plan: StudyPlan
  let log: TrialLog
  let stamp: (firmware: String, schema: String)
  let board: PeopleBoard

  /// Where the telemetry of the session's trial `index` (1-based) goes: beside the
  /// log, `telemetry/trial-0001.csv` (the record CSV).
  static func telemetryPath(_ log: String, index: Int) -> String {
    let number = String(index)
    return telemetryDirectory(log) + "/trial-" + String(repeating: "0", count: max(0, 4 - number.count)) + number
      + ".csv"
  }

  /// The directory of the trials' telemetry, beside the log.
  static func telemetryDirectory(_ log: String) -> String {
    (log as NSString).deletingLastPathComponent + "/telemetry"
  }

  /// Runs the session; returns the trials it logged.
  func run(from: Int) throws -> [TrialRecord] {
    let began = Date()
    var records: [TrialRecord] = []
    let analysed = log.logged.filter { !$0.practice }
    var (done, errors) = (analysed.count, analysed.filter { !$0.success }.count)
    let blocks = Set(plan.trials.map(\.block)).count
    try? FileManager.default.createDirectory(
      atPath: Self.telemetryDirectory(log.path), withIntermediateDirectories: true)
    var paused = false  // held across trials: a pause holds the next trial until resumed
    _ = try client.request(.streamStart(StreamStart(decimation: 1, events: true)))
    defer { _ = try? client.request(.streamStop) }
    for index in from..<plan.trials.count {
      let planned = plan.trials[index]
      let setup = try StudyDesign.parameters(base: config.base, technique: planned.technique, task: planned.task)
      try ForceCtl.Study.Run.setTrial(client, setup)
      var trial = LiveTrial(task: planned.task, parameters: setup, maxMs: config.maxTrialMs)
      var phase = index == from || plan.trials[index - 1].block != planned.block ? "break" : trial.phase.rawValue
      var disturbed = false
      var started = ""
      var latest: (left: UInt16, right: UInt16, frame: UInt16) = (0, 0, 0)
      var telemetry = TelemetryCSV.header + "\n"
      // What the pages are shown of this trial; the loop fills in what changes.
      let shown = PeopleState(
        participant: participant, technique: "\(planned.technique.name)", block: planned.block, blocks: blocks,
        practice: planned.practice, index: index + 1, trials: plan.trials.count, trial: planned.trial,
        start: planned.task.start, target: planned.task.target, rangeMax: StudyDesign.rangeMax(of: planned.task),
        done: done, errors: errors, lastTimeMs: records.last?.outcome.timeMs, lastSuccess: records.last?.success)
      while trial.phase != .ended {
        for action in board.takeActions() {
          switch action {
          case "pause": paused = true
          case "resume": paused = false
          case "disturbed": disturbed = true
          case "ready" where phase == "break" && !paused: phase = trial.phase.rawValue
          case "ready" where !paused && trial.ready():
            // The engine restarts at the task's start value: whatever the cells did
            // before the participant was ready is gone.
            try InjectedEngine.endSession(client)
            started = TrialStamp.now()
          default: break
          }
        }
        for message in try client.takeStreamed(waiting: .milliseconds(10)) {
          switch message {
          case .telemetry(let t):
            latest = (t.left, t.right, t.frame)
            if trial.phase == .armed || trial.phase == .running { telemetry += TelemetryCSV.row(t) + "\n" }
            trial.observe(frame: t.frame, left: t.left, right: t.right, value: t.value)
          case .event(let e) where e.events.contains(.commit):
            trial.commit(frame: e.frame, value: e.events.value)
          default: break
          }
        }
        if phase != "break" { phase = trial.phase.rawValue }
        var now = shown
        now.phase = phase
        now.value = trial.value
        now.elapsedMs = trial.elapsedMs
        (now.left, now.right, now.frame) = latest
        (now.paused, now.disturbed) = (paused, disturbed)
        now.sessionSeconds = Date().timeIntervalSince(began)
        board.update { $0 = now }
      }
      let record = TrialRecord(
        technique: planned.technique, participant: participant, block: planned.block, trial: planned.trial,
        repetition: planned.repetition, task: planned.task, outcome: trial.outcome!, practice: planned.practice,
        disturbed: disturbed)
      // The trial's raw telemetry, from Ready to the commit, is on the disk before its row.
      do { try OutputFile.write(telemetry, to: Self.telemetryPath(log.path, index: index + 1)) } catch {
        throw CLIError(error.description)
      }
      try log.append(
        record,
        stamp: TrialStamp(
          started: started, contactFrame: trial.contactFrame.map(Int.init), firmware: stamp.firmware,
          schema: stamp.schema))
      records.append(record)
      if !record.practice {
        done += 1
        if !record.success { errors += 1 }
      }
    }
    board.update { s in
      s.phase = "finished"
      s.done = done
      s.errors = errors
      s.lastTimeMs = records.last?.outcome.timeMs
      s.lastSuccess = records.last?.success
    }
    return records
  }
}

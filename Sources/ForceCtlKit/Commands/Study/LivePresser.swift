import ForceEngine
import ForceSim
import ForceTrace
import ForceWebBridge
import Foundation

/// A simulated participant at the pages' place (`forcectl study run --simulated P
/// --live`): it reads the session from the server's API as the participant page does
/// (`/study/state.json`), says ready as a person taps Ready, and presses the device's
/// live cells (SITL's `--cells` file) on its own clock, a frame every `1/sample_rate_hz`
/// of wall-clock time, seeing the value the device shows as the page shows it.
struct LivePresser {
  /// The server's loopback address (`ListenAddress`).
  let address: ListenAddress
  let cells: String
  let config: StudyConfig
  let participant: Int
  let plan: StudyPlan
  /// One kept-alive connection, shared by the reading thread and the presser.
  let connection: Locked<HTTPConnection>

  init(address: ListenAddress, cells: String, config: StudyConfig, participant: Int, plan: StudyPlan) {
    self.address = address
    self.cells = cells
    self.config = config
    self.participant = participant
    self.plan = plan
    connection = Locked(HTTPConnection(host: address.host, port: address.port))
  }

  /// Presses until the session is finished or `stop` says so. The session's state is
  /// read on a thread of its own as fast as the server answers (as a page redraws), so
  /// the participant's frames keep the device's pace and see the latest state.
  func run(stop: @escaping @Sendable () -> Bool) {
    guard let profiles = try? StudyRunner.practised(config, participant: participant) else { return }
    let latest = LatestState()
    let reader = Thread { [self] in
      while !stop() {
        if let state = state() { latest.set(state) } else { Thread.sleep(forTimeInterval: 0.05) }
      }
    }
    reader.start()
    press(0, 0)
    while !stop() {
      guard let state = latest.get() else {
        Thread.sleep(forTimeInterval: 0.01)
        continue
      }
      let phase = state.phase
      if phase == "finished" { return }
      if phase == "break" || phase == "ready" {
        post("ready")
        latest.waitForChange(from: state.serial, limit: 0.5)
        continue
      }
      guard phase == "armed", plan.trials.indices.contains(state.index - 1) else {
        Thread.sleep(forTimeInterval: 0.002)
        continue
      }
      let planned = plan.trials[state.index - 1]
      guard
        let setup = try? StudyDesign.parameters(base: config.base, technique: planned.technique, task: planned.task)
      else { return }
      var user = SimulatedUser(
        profile: profiles[config.techniques.firstIndex(of: planned.technique) ?? 0], parameters: setup,
        start: planned.task.start, target: planned.task.target,
        rng: StudyRunner.trialStream(seed: config.seed, participant: participant, planned))
      // One frame of the participant's for each of the device's: when the state shows the
      // device further on, the participant acts the frames it missed (the cells keep the
      // last), seeing the value of the latest state read.
      var frame = state.frame
      while !stop() {
        latest.waitForChange(from: latest.get()?.serial ?? 0, limit: 0.05)
        guard let now = latest.get() else { continue }
        if now.index != state.index || (now.phase != "running" && now.phase != "armed") { break }
        var cells: (left: UInt16, right: UInt16)?
        for _ in 0..<min(Int(now.frame &- frame), 50) {
          user.see(now.value)
          cells = user.act()
        }
        frame = now.frame
        if let cells { press(cells.left, cells.right) }
      }
      press(0, 0)
    }
  }

  /// Puts readings on the cells: the file replaced by a rename, never seen half-written.
  func press(_ left: UInt16, _ right: UInt16) {
    let next = cells + ".next"
    guard FileManager.default.createFile(atPath: next, contents: Data("\(left),\(right)".utf8)) else { return }
    rename(next, cells)
  }

  /// `/study/state.json`: what the presser reads of it.
  func state() -> SeenState? {
    guard let data = request("GET", "/study/state.json"),
      let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    else { return nil }
    return SeenState(
      phase: json["phase"] as? String ?? "", index: json["index"] as? Int ?? 0,
      value: Int32(json["value"] as? Int ?? 0), frame: UInt16(truncatingIfNeeded: json["frame"] as? Int ?? 0))
  }

  /// Posts an action (its refusal, if any, is the next state's to show).
  func post(_ action: String) { _ = request("POST", "/study/\(action)") }

  private func request(_ method: String, _ path: String) -> Data? {
    connection.withLock { $0.request(method, path)?.body }
  }
}

/// What the presser reads of the session's state, numbered as it is read.
struct SeenState: Sendable {
  var phase: String
  var index: Int
  var value: Int32
  var frame: UInt16
  var serial = 0
}

/// The latest state read, shared between the reading thread and the presser.
final class LatestState: @unchecked Sendable {
  private let condition = NSCondition()
  private var state: SeenState?
  private var serial = 0

  func set(_ new: SeenState) {
    condition.lock()
    serial += 1
    state = new
    state?.serial = serial
    condition.broadcast()
    condition.unlock()
  }

  func get() -> SeenState? {
    condition.lock()
    defer { condition.unlock() }
    return state
  }

  /// Waits up to `limit` seconds for a state read after the one numbered `serial`.
  func waitForChange(from serial: Int, limit: TimeInterval) {
    let deadline = Date(timeIntervalSinceNow: limit)
    condition.lock()
    while self.serial <= serial + 1 && condition.wait(until: deadline) {}
    condition.unlock()
  }
}

import ForceDevice
import ForceTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `forcectl study run --participant`: a person's session, driven here as the pages
/// drive it (`/study/state.json`, `POST /study/ACTION`, as Docs/running-a-study.md
/// gives them) with a thumb on SITL's live cells (`forcepicker-sitl --cells`).
@Suite(.serialized) struct StudyPeopleTests {
  /// A study run for one person on a SITL with live cells.
  final class Session {
    let sitl: EmulatedDevice
    let cells: URL
    let output: String
    let base: String
    let process: ToolProcess

    init(_ options: [String]) throws {
      cells = TestScratch.directory("cells").appendingPathComponent("cells")
      try "0,0".write(to: cells, atomically: true, encoding: .utf8)
      sitl = try EmulatedDevice(
        kind: .sitl, image: Support.sitlBinary, flashFile: Support.temp("people.flash"),
        sitlOptions: ["--cells", cells.path])
      try sitl.connect(within: .seconds(10)).close()
      output = TestScratch.file("people").path
      let port = EmulatedDevice.freePort()
      base = "http://127.0.0.1:\(port)"
      process = try ToolProcess(
        "forcectl",
        ["study", "run", "--port", sitl.address, "--output", output, "--listen", "127.0.0.1:\(port)"] + options)
      // Up, and the session has put its first trial on the board (until then the
      // server answers with an empty one: index 0).
      #expect(ToolProcess.waitUntil(.seconds(20)) { (self.state()?["index"] as? Int ?? 0) > 0 })
    }

    /// Puts the thumb's readings on the cells (a file replaced by a rename, as a writer should).
    func press(_ left: Int, _ right: Int) throws {
      let next = cells.appendingPathExtension("next")
      try "\(left),\(right)".write(to: next, atomically: false, encoding: .utf8)
      #expect(rename(next.path, cells.path) == 0)
    }

    /// `/study/state.json`, decoded.
    func state() -> [String: Any]? {
      guard let data = request("GET", "/study/state.json")?.body else { return nil }
      return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// Posts `action`; returns the status and the message.
    func act(_ action: String) -> (status: Int, message: String)? {
      guard let reply = request("POST", "/study/\(action)") else { return nil }
      let json = (try? JSONSerialization.jsonObject(with: reply.body)) as? [String: Any]
      return (reply.status, json?["message"] as? String ?? "")
    }

    func request(_ method: String, _ path: String) -> (status: Int, body: Data)? {
      var request = URLRequest(url: URL(string: base + path)!)
      request.httpMethod = method
      request.timeoutInterval = 2
      let done = DispatchSemaphore(value: 0)
      nonisolated(unsafe) var result: (Int, Data)?
      URLSession.shared.dataTask(with: request) { data, response, _ in
        if let response = response as? HTTPURLResponse { result = (response.statusCode, data ?? Data()) }
        done.signal()
      }.resume()
      done.wait()
      return result
    }

    /// Waits until the state's `key` is `value`.
    func waitFor(_ key: String, _ value: String, limit: Duration = .seconds(5)) -> Bool {
      ToolProcess.waitUntil(limit) { state().map { "\($0[key] ?? "")" } == value }
    }

    /// The rows of trials.csv after the header.
    var rows: [[Substring]] {
      ((try? String(contentsOfFile: output + "/trials.csv", encoding: .utf8)) ?? "").split(separator: "\n").dropFirst()
        .map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    }

    func stop() {
      process.send(SIGTERM)
      _ = process.wait(limit: .seconds(10))
      sitl.stop()
    }
  }

  @Test(Support.needsSITL)
  func aTrialStartsOnlyOnceTheCellsAreReleasedAndTheParticipantIsReady() throws {
    let session = try Session([
      "--participant", "1", "--technique", "pulse", "--repetitions", "1", "--practice-trials", "1",
    ])
    defer { session.stop() }
    var state = try #require(session.state())
    #expect(state["phase"] as? String == "break" && state["technique"] as? String == "pulse")
    #expect(state["practice"] as? Bool == true && state["trials"] as? Int == 33)
    // A thumb resting on the sensor at the break: ready ends the break, not the wait for a release.
    try session.press(300, 280)
    #expect(session.act("ready")?.status == 200)
    #expect(session.waitFor("phase", "release"))
    let refused = session.act("ready")
    #expect(refused?.status == 409 && refused?.message == "the cells are pressed: lift the thumb off the sensor first")
    Thread.sleep(forTimeInterval: 0.3)
    state = try #require(session.state())
    #expect(state["phase"] as? String == "release" && state["elapsedMs"] as? Int == 0)
    try session.press(0, 0)
    #expect(session.waitFor("phase", "ready"))
    #expect(session.act("ready")?.status == 200)
    #expect(session.waitFor("phase", "armed"))
    Thread.sleep(forTimeInterval: 0.3)  // no clock before the first contact
    #expect(session.state()?["elapsedMs"] as? Int == 0)
    try session.press(260, 240)
    #expect(session.waitFor("phase", "running"))
    Thread.sleep(forTimeInterval: 0.4)
    try session.press(0, 0)
    #expect(session.waitFor("index", "2"))
    // The practice trial is logged, its time the device's from contact to commit.
    let rows = session.rows
    try #require(rows.count == 1)
    #expect(rows[0][0] == "pulse" && rows[0][1] == "1" && rows[0][15] == "1")  // practice
    let time = try #require(Int(rows[0][11]))
    #expect((300...2000).contains(time), "time \(time) ms")
    #expect(rows[0][19].hasPrefix("sitl ") && rows[0][17].hasSuffix("Z"))
    // Its raw telemetry, from Ready to the commit, is beside the log: the frames of its
    // contact and commit as many apart as its time.
    let telemetry = try String(contentsOfFile: session.output + "/telemetry/trial-0001.csv", encoding: .utf8)
    let frames = telemetry.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
    let contact = try #require(frames.first { Int($0[1])! + Int($0[2])! >= 30 }.map { Int($0[0])! })
    #expect(Int(rows[0][18]) == contact)  // contact_frame: the device's frame at the first contact
    let last = try #require(frames.last.map { Int($0[0])! })
    #expect(frames.count > last - contact && abs((last - contact) * 5 - time) <= 5, "\(contact)…\(last), \(time) ms")
    // The experimenter marks the next trial disturbed and pauses: ready is refused until resumed.
    #expect(session.act("disturbed")?.status == 200)
    #expect(session.act("pause")?.status == 200)
    #expect(ToolProcess.waitUntil(.seconds(5)) { session.state()?["paused"] as? Bool == true })
    #expect(session.act("ready")?.message == "the study is paused")
    #expect(session.act("resume")?.status == 200)
    // Actions are taken by the session's loop: ready is refused until the state shows the resume.
    #expect(ToolProcess.waitUntil(.seconds(5)) { session.state()?["paused"] as? Bool == false })
    #expect(session.waitFor("phase", "ready"))
    #expect(session.act("ready")?.status == 200)
    #expect(session.waitFor("phase", "armed"))  // taken: a press before that is a thumb not yet released
    try session.press(300, 300)
    #expect(session.waitFor("phase", "running"))
    try session.press(0, 0)
    #expect(session.waitFor("index", "3"))
    let second = try #require(session.rows.last)
    #expect(second[15] == "0" && second[16] == "1" && second[3] == "1")  // trial 1, marked disturbed
    let experimenter = try #require(session.request("GET", "/experimenter.html"))
    #expect(experimenter.status == 200 && String(decoding: experimenter.body, as: UTF8.self).contains("Experimenter"))
  }
}

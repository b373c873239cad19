import Foundation
import Testing

@testable import ForceTrace

/// The sensor model's faults (Docs/sensor-model.md): each does what it says inside its
/// window, only on its cell, and stops at its end; and the text that names them.
@Suite struct SensorFaultTests {
  /// Readings every `stepMs` from 0 to `untilMs` with the ideal counts `level(t)` on both
  /// cells, through `profile` with the fault `text`.
  static func run(
    _ text: String, _ profile: SensorProfile = .ideal, untilMs: Double = 3000, stepMs: Double = 5,
    level: (Double) -> Double = { _ in 400 }
  ) throws -> [(t: Double, left: UInt16, right: UInt16)] {
    var model = SensorModel(profile: profile, seed: 2, faults: [try SensorFault.parse(text)])
    return (0...Int(untilMs / stepMs)).map { k in
      let t = Double(k) * stepMs
      let reading = model.read(left: level(t), right: level(t), timeMs: t)
      return (t, reading.left, reading.right)
    }
  }

  /// Readings inside [from, to) ms.
  static func during(
    _ frames: [(t: Double, left: UInt16, right: UInt16)], _ from: Double, _ to: Double
  ) -> [(t: Double, left: UInt16, right: UInt16)] {
    frames.filter { $0.t >= from && $0.t < to }
  }

  /// A fault's text (`description`, what `--fault` takes) reads back as the same fault,
  /// fractions of a millisecond included, to the microsecond; a time past a day is refused.
  @Test func faultTextsReadBackAsTheSameFault() throws {
    for text in ["open:left@2.5s", "railed:right@1s+500ms", "stuck:left@0.0005s+0.25ms", "drift:right@86400s"] {
      let fault = try SensorFault.parse(text)
      #expect(try SensorFault.parse(fault.description) == fault, "\(text) → \(fault)")
      #expect(!fault.description.split(separator: "@")[1].contains("e"), "\(fault)")
    }
    #expect(try SensorFault.parse("stuck:left@0.0005s+0.25ms").description == "stuck:left@0.5ms+0.25ms")
    #expect(throws: SensorError.self) { try SensorFault.parse("open:left@1s+86401s") }
  }

  @Test func openReadsZeroThenRecovers() throws {
    let ideal = try Self.run("open:left@1s+500ms")
    #expect(Self.during(ideal, 1000, 1500).allSatisfy { $0.left == 0 && $0.right == 400 })
    #expect(Self.during(ideal, 0, 1000).allSatisfy { $0.left == 400 })
    #expect(Self.during(ideal, 1500, 3001).allSatisfy { $0.left == 400 })
    // With noise, 0 V reads 0 or a count or two: the noise is clipped at 0.
    let typical = try Self.run("open:left@1s+500ms", .typical)
    let open = Self.during(typical, 1000, 1500).map(\.left)
    #expect(open.allSatisfy { $0 <= 6 } && open.filter { $0 == 0 }.count > open.count / 2)
    #expect(Self.during(typical, 1500, 3001).allSatisfy { $0.left > 300 })
    #expect(typical.allSatisfy { $0.right > 300 })
  }

  @Test func railedReadsFullScaleThenRecovers() throws {
    let ideal = try Self.run("railed:right@1s+500ms")
    #expect(Self.during(ideal, 1000, 1500).allSatisfy { $0.right == 1023 && $0.left == 400 })
    #expect(Self.during(ideal, 1500, 3001).allSatisfy { $0.right == 400 })
    for board in SensorBoard.allCases {
      var model = SensorModel(
        profile: .typical, board: board, seed: 2, faults: [try SensorFault.parse("railed:right@0s")])
      let railed = (0..<400).map { model.read(left: 100, right: 100, timeMs: Double($0) * 5).right }
      #expect(railed.allSatisfy { $0 >= 1018 } && railed.filter { $0 == 1023 }.count > 200, "\(board)")
    }
  }

  @Test func stuckFreezesTheCodeItHadWhenItBegan() throws {
    // A ramp of one count every 10 ms.
    let frames = try Self.run("stuck:left@1s+500ms", level: { $0 / 10 })
    #expect(Self.during(frames, 1000, 1500).allSatisfy { $0.left == 100 })
    #expect(Self.during(frames, 1000, 1500).map(\.right).last == 150)
    #expect(Self.during(frames, 1500, 3001).allSatisfy { Double($0.left) == ($0.t / 10).rounded() })
  }

  @Test func intermittentBreaksInShortBurstsWhileItLasts() throws {
    let frames = try Self.run("intermittent:right@1s+2s", stepMs: 1)
    #expect(frames.allSatisfy { $0.left == 400 })
    #expect(frames.allSatisfy { $0.right == 0 || $0.right == 400 })
    #expect(Self.during(frames, 0, 1000).allSatisfy { $0.right == 400 })
    #expect(Self.during(frames, 3000, 3001).allSatisfy { $0.right == 400 })
    // Runs of broken (0) and made (400) contact inside the window, whole runs only.
    var runs: [(broken: Bool, ms: Double)] = []
    for frame in Self.during(frames, 1000, 3000) {
      let broken = frame.right == 0
      if runs.last?.broken == broken { runs[runs.count - 1].ms += 1 } else { runs.append((broken, 1)) }
    }
    let inner = runs.dropFirst().dropLast()
    let breaks = inner.filter(\.broken).map(\.ms)
    let gaps = inner.filter { !$0.broken }.map(\.ms)
    #expect(breaks.count >= 8, "\(breaks.count) breaks in 2 s")
    #expect(breaks.allSatisfy { (2...31).contains($0) }, "breaks \(breaks)")
    #expect(gaps.allSatisfy { (5...51).contains($0) }, "gaps \(gaps)")
  }

  @Test func driftClimbsAwayFromRestThenStops() throws {
    let ideal = try Self.run("drift:left@1s+2s", level: { _ in 0 })
    // Alone (nothing else on the cell), the leak reads 5 counts a second.
    #expect(Self.during(ideal, 2000, 2005).first?.left == 5)
    #expect(Self.during(ideal, 2995, 3000).first?.left == 10)
    #expect(Self.during(ideal, 3000, 3001).allSatisfy { $0.left == 0 } && ideal.allSatisfy { $0.right == 0 })
    // On a typical cell at rest: about 5 counts a second on top of its preload.
    let typical = try Self.run("drift:left@1s+4s", .typical, untilMs: 6000, level: { _ in 0 })
    func mean(_ from: Double) -> Double {
      let window = Self.during(typical, from, from + 200).map { Double($0.left) }
      return window.reduce(0, +) / Double(window.count)
    }
    let rate = (mean(4800) - mean(800)) / 3.9  // 3.8...4.0 s into the fault
    #expect((4...6.5).contains(rate), "\(rate) counts/s")
    #expect(abs(mean(5200) - mean(800)) < 2)
  }

  @Test func aFaultChangesOnlyItsCellWhileItLasts() throws {
    // Typical, so noise, presses and drift are all drawn: a fault's own stream moves none of them.
    let ramp: (Double) -> Double = { 200 + 150 * sin($0 / 300) }
    let plain = try Self.run("open:left@99s", .typical, level: ramp)
    for fault in ["open:left@1s+500ms", "intermittent:left@1s+500ms", "stuck:left@1s+500ms", "drift:left@1s+500ms"] {
      let faulty = try Self.run(fault, .typical, level: ramp)
      #expect(zip(plain, faulty).allSatisfy { $0.right == $1.right }, "\(fault)")
      let outside = zip(plain, faulty).filter { $0.0.t < 1000 || $0.0.t >= 1500 }
      #expect(outside.allSatisfy { $0.left == $1.left }, "\(fault)")
      #expect(zip(plain, faulty).contains { $0.left != $1.left }, "\(fault) changed nothing")
    }
  }

  @Test func faultTextParses() throws {
    #expect(try SensorFault.parse("open:left@2.5s") == .open(.left, .init(startMs: 2500)))
    #expect(try SensorFault.parse("railed:right@1s+500ms") == .railed(.right, .init(startMs: 1000, durationMs: 500)))
    #expect(try SensorFault.parse("  Stuck:LEFT@0ms ") == .stuck(.left, .init(startMs: 0)))
    let drift = try SensorFault.parse("drift:right@.5s+1.25s")
    #expect(drift == .drift(.right, .init(startMs: 500, durationMs: 1250)))
    #expect(drift.description == "drift:right@500ms+1250ms")
    #expect(try SensorFault.parse(drift.description) == drift)
  }

  @Test(arguments: [
    ("", "fault is empty: expected KIND:CELL@TIME[+DURATION]"),
    ("open", "fault 'open': expected KIND:CELL@TIME[+DURATION]"),
    ("opn:left@1s", "unknown kind 'opn' (did you mean 'open'?); kinds: open, railed, stuck, intermittent, drift"),
    (":left@1s", "missing the kind before ':'"),
    ("open:left", "missing '@TIME' after the cell (e.g. open:left@2.5s)"),
    ("open:lft@1s", "unknown cell 'lft' (did you mean 'left'?); cells: left, right"),
    ("open:@1s", "missing the cell; cells: left, right"),
    ("open:left@", "missing the start (say 500ms or 2.5s)"),
    ("open:left@2", "start '2' needs a unit: ms or s (say 500ms)"),
    ("open:left@-2s", "start '-2s' is not a time"),
    ("open:left@1e400s", "start '1e400s' is not a time"),
    ("open:left@1s+", "missing the duration"),
    ("open:left@1s+0ms", "duration '0ms' must be longer than 0"),
    ("open:left@1s+2x", "duration '2x' needs a unit"),
    ("open:left@1s+1s+1s", "more than one '+DURATION'"),
  ])
  func faultTextErrorsSayWhatIsWrong(_ text: String, _ expected: String) {
    #expect {
      try SensorFault.parse(text)
    } throws: { error in
      (error as? SensorError)?.message.contains(expected) == true
    }
  }
}

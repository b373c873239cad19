import ForceSim
import ForceTestSupport
import Foundation
import Testing

/// `TrialLog`: what a resumed log keeps and what two runs cannot do to one file.
@Suite struct TrialLogTests {
  static let config = StudyConfig(techniques: [.pulse], participants: 1, repetitions: 1, seed: 2)

  static func records(_ count: Int) throws -> [TrialRecord] {
    Array(try StudyRunner.run(config).records.prefix(count))
  }

  @Test func aResumedLogDropsALineCutShortAndGoesOn() throws {
    let path = TestScratch.file("trials.csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let records = try Self.records(4)
    do {
      let log = try TrialLog(creating: path)
      for record in records.prefix(3) { try log.append(record, stamp: .simulation) }
    }
    // A run killed while it wrote the fourth trial left part of its line.
    let cut = String(TrialCSV.row(records[3], stamp: .simulation).prefix(20))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(cut.utf8))
    try handle.close()
    let resumed = try TrialLog(resuming: path)
    #expect(resumed.logged == Array(records.prefix(3)))
    try resumed.append(records[3], stamp: .simulation)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == TrialCSV.text(records))
  }

  @Test func twoRunsNeverWriteOneLog() throws {
    let path = TestScratch.file("trials.csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let first = try TrialLog(creating: path)
    #expect(throws: TrialLogError.self) { try TrialLog(creating: path) }
    let held = #expect(throws: TrialLogError.self) { try TrialLog(resuming: path) }
    #expect(held?.description == "\(path) is being written by another run (its lock is held)")
    try first.append(try Self.records(1)[0], stamp: .simulation)
    let missing = #expect(throws: TrialLogError.self) { try TrialLog(resuming: path + ".none") }
    #expect(missing?.description.contains("nothing to resume (leave out --resume to start)") == true)
  }
}

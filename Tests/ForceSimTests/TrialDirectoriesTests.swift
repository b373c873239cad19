import ForceSim
import ForceTestSupport
import ForceTrace
import Foundation
import Testing

/// `TrialDirectories`: what it refuses in a `trials.csv`, by file and line.
@Suite struct TrialDirectoriesTests {
  static let row = "thumb-roll,1,1,1,1,10,OneStep,up,6,7,7,900,0,1,0,0,0,,,sim,0x1"

  /// The error reading a directory whose `trials.csv` is `text`.
  static func error(_ text: String) -> String? {
    let directory = TestScratch.directory("trials").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    _ = FileManager.default.createFile(atPath: directory + "/trials.csv", contents: Data(text.utf8))
    do {
      _ = try TrialDirectories.read([directory])
      return nil
    } catch {
      return error.description.replacingOccurrences(of: directory, with: "DIR")
    }
  }

  @Test func refusesWhatWouldMixTrialsUp() {
    let header = TrialCSV.header + "\n"
    #expect(Self.error(header + Self.row + "\n") == nil)
    #expect(Self.error(header) == "DIR/trials.csv: no trials after the header")
    #expect(
      Self.error(header + Self.row + "\n\n" + Self.row + "\n")
        == "DIR/trials.csv: line 4: participant 1's thumb-roll trial 1 is also on line 2")
    #expect(
      Self.error(header + Self.row.replacingOccurrences(of: ",900,", with: ",0,") + "\n")
        == "DIR/trials.csv: line 2: a committed trial's time_ms must be above 0")
    #expect(Self.error("technique,participant\n") == "DIR/trials.csv: line 1: expected the header \(TrialCSV.header)")
    // A practice trial is numbered on its own: practice trial 1 beside trial 1 is no repeat.
    let practice = Self.row.replacingOccurrences(of: ",0,0,,,sim", with: ",1,0,,,sim")
    #expect(Self.error(header + practice + "\n" + Self.row + "\n") == nil)
    #expect(
      Self.error(header + practice + "\n" + practice + "\n")
        == "DIR/trials.csv: line 3: participant 1's thumb-roll practice trial 1 is also on line 2")
  }

  @Test func keepsEachTrialsFileAndLine() throws {
    let directory = TestScratch.directory("trials-lines").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let second = Self.row.replacingOccurrences(of: "thumb-roll,1,1,1,", with: "thumb-roll,1,1,2,")
    let text = TrialCSV.header + "\r\n\r\n" + Self.row + "\r\n" + second + "\r\n"
    _ = FileManager.default.createFile(atPath: directory + "/trials.csv", contents: Data(text.utf8))
    let trials = try TrialDirectories.read([directory + "/"])
    #expect(trials.map(\.line) == [3, 4] && trials.allSatisfy { $0.file == directory + "/trials.csv" })
  }
}

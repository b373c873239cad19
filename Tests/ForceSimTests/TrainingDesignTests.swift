import ForceEngine
import ForceTrace
import Testing

@testable import ForceSim

/// The trained group's design: its sessions' tasks, and what the practice law makes of
/// ten sessions of them.
@Suite struct TrainingDesignTests {
  @Test func aSessionIsEveryRangeDistanceAndDirectionOnce() {
    let tasks = TrainingDesign.tasks
    #expect(tasks.count == 80)
    #expect(TrainingDesign.distances.map(\.label) == ["OneStep"] + (1...9).map { "\($0 * 10)%" })
    for range in StudyDesign.ranges {
      for distance in TrainingDesign.distances {
        let pair = tasks.filter { $0.range == range && $0.distance == distance }
        #expect(pair.map(\.direction) == [.up, .down])
        for task in pair {
          #expect(task.start >= 0 && task.target >= 0 && max(task.start, task.target) <= range - 1)
          #expect((task.target > task.start) == (task.direction == .up))
        }
      }
    }
    // Study 1's rule for the items of a distance: 20 % of 101 is 20, 80 % of 30 is 24.
    #expect(TrainingDesign.task(range: 101, distance: .twentyPercent, direction: .up).target == 60)
    #expect(TrainingDesign.task(range: 101, distance: .twentyPercent, direction: .up).start == 40)
    #expect(TrainingDesign.task(range: 30, distance: .eightyPercent, direction: .down).start == 26)
    #expect(TrainingDesign.task(range: 10, distance: .tenPercent, direction: .down).target == 4)
    #expect(TrainingDesign.trialsBefore(session: 1) == 0 && TrainingDesign.trialsBefore(session: 3) == 160)
    #expect(TrainingDesign.trainingTrials == 800)
  }

  static let result = Result { () throws(ParameterInputError) -> TrainingResult in
    try TrainingRunner.run(StudyConfig(techniques: [.thumbRoll], participants: 4, repetitions: 1, jobs: 2))
  }

  @Test func timeFallsSessionBySessionWhileSuccessStaysHigh() throws {
    let result = try Self.result.get()
    let cells = result.sessionCells
    #expect(cells.map(\.level) == (1...10).map(String.init))
    #expect(cells.allSatisfy { $0.trials == 4 * 80 })
    #expect(result.sessions.count == 4 * 10 * 80)
    let times = cells.map(\.time.mean)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 > $1 }, "\(times)")
    #expect(times[9] < 0.9 * times[0])
    for cell in cells { #expect(cell.successRate >= 0.95, "session \(cell.level): \(cell.successRate)") }
  }

  /// The final test is `sim study --practice 800`: the participants after the training.
  @Test func theFinalTestIsTheStudyAfterEightHundredTrials() throws {
    let result = try Self.result.get()
    let study = try StudyRunner.run(
      StudyConfig(techniques: [.thumbRoll], participants: 4, repetitions: 1, jobs: 2, practiceTrials: 800))
    #expect(result.final.records == study.records)
    #expect(result.final.records.count == 4 * 32)
  }
}

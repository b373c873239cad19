import ForceEngine
import ForceTrace
import Testing

@testable import ForceSim

@Suite struct StudyDesignTests {
  @Test func theTableHasThirtyTwoTasksInBothDirections() {
    let tasks = StudyDesign.tasks
    #expect(tasks.count == 32)
    #expect(tasks.filter { $0.direction == .up }.count == 16)
    for range in StudyDesign.ranges {
      for distance in StudyDistance.study1 {
        #expect(tasks.filter { $0.range == range && $0.distance == distance }.count == 2)
      }
    }
    #expect(tasks.first == StudyTask(range: 10, distance: .oneStep, direction: .up, start: 6, target: 7))
    #expect(tasks.last == StudyTask(range: 101, distance: .eightyPercent, direction: .down, start: 100, target: 20))
    #expect(StudyDesign.tasks(for: .positional).allSatisfy { $0.range == 10 })
    #expect(StudyDesign.tasks(for: .positional).count == 8)
  }

  @Test func eachTaskGetsItsRangeStartAndTechnique() throws {
    let task = StudyDesign.tasks[1]  // 19 → 20 in RANGE 30
    let p = try StudyDesign.parameters(base: .defaults, technique: .pulse, task: task)
    #expect(p[.rangeMin] == 0 && p[.rangeMax] == 29 && p[.startValue] == 19 && p.technique == .pulse)
  }

  @Test func publishedStartsOutsideTheRangeWidenTheList() throws {
    // SPEC §8 has 30 → 6 in RANGE 30 and 60 → 12 in RANGE 60.
    let wide = StudyDesign.tasks.filter { $0.start > $0.range - 1 }
    #expect(wide.map(\.start) == [30, 60])
    for task in wide {
      let p = try StudyDesign.parameters(base: .defaults, technique: .thumbRoll, task: task)
      #expect(p[.rangeMax] == task.start)
    }
  }

  @Test func techniqueListsParse() throws {
    #expect(try StudyDesign.techniques("all") == [.thumbRoll, .pulse, .pressThrough, .twoButton])
    #expect(try StudyDesign.techniques("wrap,positional,wrap") == [.wrap, .positional])
    #expect(throws: ParameterInputError.self) { try StudyDesign.techniques("thumb-rol") }
  }

  @Test func crossingsCountPassesNotLandings() {
    var counter = CrossingCounter(start: 3, target: 7, span: 0)
    for value: Int32 in [4, 5, 6, 7, 6, 7, 8, 9, 8, 7, 6, 7] { counter.observe(value) }
    // 7→8 passes once, 7→6 passes back; landing on 7 and leaving to the same side does not.
    #expect(counter.count == 2)
    var wrapping = CrossingCounter(start: 8, target: 2, span: 10)
    for value: Int32 in [9, 0, 1, 2, 3, 2] { wrapping.observe(value) }
    #expect(wrapping.count == 1)  // 9 → 0 is the wrap, not a pass; 2 → 3 is one
  }
}

import ForceEngine
import ForceSim
import Testing

/// `TrialTable`: a design given as one row per trial, as design tools write them.
@Suite struct TrialTableTests {
  static let table = """
    # two participants, counterbalanced by the tool that wrote the table
    participant, technique, range, distance, start, target, practice
    1, pulse, 10, OneStep, 6, 7, 1
    1, pulse, 10, OneStep, 6, 7, 0
    1, pulse, 30, 20%, 3, 9, 0
    1, pulse, 10, OneStep, 6, 7, 0
    1, thumb-roll, 60, 80%, 60, 12, 0
    2, thumb-roll, 10, OneStep, 4, 3, 0
    2, pulse, 10, OneStep, 6, 7, 0
    """

  @Test func aParticipantsRowsBecomeTheirPlan() throws {
    let plan = try TrialTable.plan(Self.table, participant: 1)
    #expect(plan.techniques == [.pulse, .thumbRoll])
    #expect(plan.trials.map(\.block) == [1, 1, 1, 1, 2])
    #expect(plan.trials.map(\.practice) == [true, false, false, false, false])
    #expect(plan.trials.map(\.trial) == [1, 1, 2, 3, 1])
    #expect(plan.trials.map(\.repetition) == [0, 1, 1, 2, 1])
    #expect(plan.trials[4].task.direction == .down && plan.trials[4].task.distance == .eightyPercent)
    let second = try TrialTable.plan(Self.table, participant: 2)
    #expect(second.techniques == [.thumbRoll, .pulse] && second.trials.count == 2)
  }

  @Test func whatCannotBeATrialIsRefusedByLine() {
    func error(_ text: String, participant: Int = 1) -> String? {
      do {
        _ = try TrialTable.plan(text, participant: participant)
        return nil
      } catch { return error.description }
    }
    let header = "technique,range,distance,start,target\n"
    #expect(error(header + "pulse,10,OneStep,6,7\n") == nil)
    #expect(error("technique,range,start,target\n") == "line 1: the header has no 'distance' column")
    #expect(error("technique,range,distance,start,target,speed\n")?.hasPrefix("line 1: unknown column 'speed'") == true)
    #expect(error(header + "pulse,10,Far,6,7\n") == "line 2: unknown distance 'Far' (OneStep, 20%, 50% or 80%)")
    #expect(
      error(header + "pulse,10,OneStep,6,6\n")
        == "line 2: start and target must differ and be 0 or more, and range at least 2")
    #expect(
      error(header + "pulse,10,OneStep,6,7\nwrap,10,OneStep,6,7\npulse,10,OneStep,7,6\n")
        == "line 4: pulse has a block already (from line 2): one block a technique")
    #expect(error(Self.table, participant: 3) == "no trials for participant 3")
  }
}

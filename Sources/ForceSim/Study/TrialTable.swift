import ForceEngine
import ForceTrace

/// A study's design given as a table of trials, one row per trial in the order they
/// run (as Touchstone2 and other design tools write them), instead of the built-in
/// design (Docs/running-a-study.md).
///
/// Header (any order; spaces trimmed): `technique,range,distance,start,target`, and
/// optionally `participant` (the rows of one participant are taken; without it every
/// participant runs every row) and `practice` (0 or 1). Consecutive rows of one
/// technique are a block; a technique may have one block only. Within a block trials
/// are numbered in order (practice ones on their own), and a repetition counts the
/// earlier rows of the same task. A start or target beyond range − 1 lengthens the
/// list to hold it (`StudyDesign.rangeMax(of:)`), as the built-in design does for two
/// of the published tasks.
public enum TrialTable {
  /// The columns a table must have.
  public static let required = ["technique", "range", "distance", "start", "target"]

  /// Participant `participant`'s plan from the table `text`. Errors name the line.
  public static func plan(_ text: String, participant: Int) throws(FitInputError) -> StudyPlan {
    var columns: [String: Int] = [:]
    var trials: [PlannedTrial] = []
    var blocks: [Technique: (block: Int, line: Int)] = [:]
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingSpaces
      let number = index + 1
      if line.isEmpty || line.hasPrefix("#") { continue }
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
      if columns.isEmpty {
        for (at, name) in fields.enumerated() {
          guard required.contains(name) || name == "participant" || name == "practice" else {
            throw FitInputError(
              line: number, "unknown column '\(name)' (\(required.joined(separator: ", ")), participant, practice)")
          }
          guard columns[name] == nil else { throw FitInputError(line: number, "column '\(name)' is given twice") }
          columns[name] = at
        }
        if let missing = required.first(where: { columns[$0] == nil }) {
          throw FitInputError(line: number, "the header has no '\(missing)' column")
        }
        continue
      }
      guard fields.count == columns.count else {
        throw FitInputError(line: number, "expected \(columns.count) fields, found \(fields.count)")
      }
      func field(_ name: String) -> String? { columns[name].map { fields[$0] } }
      func whole(_ name: String) throws(FitInputError) -> Int32 {
        guard let value = Int32(field(name) ?? "") else {
          throw FitInputError(line: number, "\(name) '\(field(name) ?? "")' is not a whole number")
        }
        return value
      }
      if let owner = field("participant") {
        guard let value = Int(owner), value >= 1 else {
          throw FitInputError(line: number, "participant '\(owner)' is not a number from 1")
        }
        if value != participant { continue }
      }
      guard let raw = try? ParameterText.value(field("technique")!, for: .technique),
        let technique = Technique(rawValue: raw)
      else { throw FitInputError(line: number, "unknown technique '\(field("technique")!)'") }
      guard let distance = StudyDistance(label: field("distance")!) else {
        throw FitInputError(line: number, "unknown distance '\(field("distance")!)' (OneStep, 20%, 50% or 80%)")
      }
      let range = try whole("range")
      let start = try whole("start")
      let target = try whole("target")
      guard range >= 2, start >= 0, target >= 0, start != target else {
        throw FitInputError(line: number, "start and target must differ and be 0 or more, and range at least 2")
      }
      let practice = field("practice") ?? "0"
      guard practice == "0" || practice == "1" else {
        throw FitInputError(line: number, "practice '\(practice)' is not 0 or 1")
      }
      if trials.last?.technique != technique {
        if let earlier = blocks[technique] {
          throw FitInputError(
            line: number, "\(technique.name) has a block already (from line \(earlier.line)): one block a technique")
        }
        blocks[technique] = ((trials.last?.block ?? 0) + 1, number)
      }
      let block = blocks[technique]!.block
      let task = StudyTask(
        range: range, distance: distance, direction: target > start ? .up : .down, start: start, target: target)
      let same = trials.filter { $0.block == block && $0.practice == (practice == "1") }
      trials.append(
        PlannedTrial(
          technique: technique, block: block, trial: same.count + 1,
          repetition: practice == "1" ? 0 : same.filter { $0.task == task }.count + 1, practice: practice == "1",
          task: task))
    }
    guard !columns.isEmpty else { throw FitInputError("no header (\(required.joined(separator: ",")))") }
    guard !trials.isEmpty else { throw FitInputError("no trials for participant \(participant)") }
    return StudyPlan(trials: trials)
  }
}

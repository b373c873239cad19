import ForceEngine
import ForceTrace

/// The distances of the study designs (Docs/study-design.md): Study 1's OneStep, 20 %,
/// 50 % and 80 %, and the training sessions' OneStep and 10 % to 90 % in steps of 10 %.
/// The raw value is the percentage (0 for OneStep).
public enum StudyDistance: Int, CaseIterable, Sendable, Comparable {
  case oneStep = 0
  case tenPercent = 10
  case twentyPercent = 20
  case thirtyPercent = 30
  case fortyPercent = 40
  case fiftyPercent = 50
  case sixtyPercent = 60
  case seventyPercent = 70
  case eightyPercent = 80
  case ninetyPercent = 90

  /// Study 1's four distances.
  public static let study1: [StudyDistance] = [.oneStep, .twentyPercent, .fiftyPercent, .eightyPercent]

  /// The label used in tables and CSVs: `OneStep`, `10%` … `90%`.
  public var label: String { self == .oneStep ? "OneStep" : "\(rawValue)%" }

  /// The distance with `label`.
  public init?(label: String) {
    guard let found = StudyDistance.allCases.first(where: { $0.label == label }) else { return nil }
    self = found
  }

  public static func < (a: StudyDistance, b: StudyDistance) -> Bool { a.rawValue < b.rawValue }
}

/// One start → target task of Docs/study-design.md. RANGE R means the values 0…R−1.
public struct StudyTask: Equatable, Sendable {
  /// Number of values in the list.
  public let range: Int32
  /// Distance class.
  public let distance: StudyDistance
  /// Direction of the task.
  public let direction: Direction
  /// Start value.
  public let start: Int32
  /// Target value.
  public let target: Int32

  /// Creates a task.
  public init(range: Int32, distance: StudyDistance, direction: Direction, start: Int32, target: Int32) {
    self.range = range
    self.distance = distance
    self.direction = direction
    self.start = start
    self.target = target
  }
}

/// The task table of Docs/study-design.md and the parameters each task runs with.
public enum StudyDesign {
  /// The list sizes.
  public static let ranges: [Int32] = [10, 30, 60, 101]

  /// The four techniques of the published study.
  public static let studyTechniques: [Technique] = (0..<Technique.count).compactMap(Technique.at).filter(\.isInStudy)

  /// The 32 tasks, in table order: distance rows, then up ranges, then down ranges.
  public static let tasks: [StudyTask] = {
    let table: [(StudyDistance, [(Int32, Int32)])] = [
      (.oneStep, [(6, 7), (19, 20), (39, 40), (67, 68), (4, 3), (13, 12), (26, 25), (44, 43)]),
      (.twentyPercent, [(1, 3), (3, 9), (7, 19), (11, 31), (6, 4), (19, 13), (39, 27), (67, 47)]),
      (.fiftyPercent, [(3, 8), (10, 25), (20, 50), (34, 84), (7, 2), (23, 8), (46, 16), (78, 28)]),
      (.eightyPercent, [(0, 8), (1, 25), (1, 49), (0, 80), (9, 1), (30, 6), (60, 12), (100, 20)]),
    ]
    var tasks: [StudyTask] = []
    for (distance, pairs) in table {
      for (index, (start, target)) in pairs.enumerated() {
        tasks.append(
          StudyTask(
            range: ranges[index % 4], distance: distance, direction: target > start ? .up : .down,
            start: start, target: target))
      }
    }
    return tasks
  }()

  /// The tasks a technique runs: all 32, except positional (Docs/techniques.md: "for short
  /// lists, about ten items"), which runs the eight RANGE 10 tasks only.
  public static func tasks(for technique: Technique) -> [StudyTask] {
    technique.isPositional ? tasks.filter { $0.range == 10 } : tasks
  }

  /// The largest value of the task's list: RANGE − 1, except where the published
  /// start lies outside 0…RANGE−1 (the table has 30→6 for RANGE 30 and 60→12 for
  /// RANGE 60): those two lists get one more item so the published start → target
  /// pair, and so its distance, is kept exactly.
  public static func rangeMax(of task: StudyTask) -> Int32 {
    max(task.range - 1, task.start, task.target)
  }

  /// `base` with the technique and the task's range and start: range_min = 0,
  /// range_max = `rangeMax(of:)` (RANGE − 1), start_value = start, wrap = 0 (the wrap
  /// technique wraps by itself). Checked as one batch.
  public static func parameters(
    base: Parameters, technique: Technique, task: StudyTask
  ) throws(ParameterInputError) -> Parameters {
    let values = [technique.rawValue, 0, rangeMax(of: task), task.start, 0]
    return try ParameterText.applying(Array(zip(taskParameters, values)), to: base)
  }

  /// The parameters a technique and a task set (`parameters(base:technique:task:)`),
  /// which a session reads back from the device before each trial.
  public static let taskParameters: [ParameterID] = [.technique, .rangeMin, .rangeMax, .startValue, .wrap]
}

extension StudyDesign {
  /// Parses a `--technique` value: `all` (the four study techniques) or a
  /// comma-separated list of technique names (`thumb-roll,pulse`, `wrap`, `positional`).
  public static func techniques(_ text: String) throws(ParameterInputError) -> [Technique] {
    if text == "all" { return studyTechniques }
    var result: [Technique] = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false) {
      let raw = try ParameterText.value(String(name), for: .technique)
      guard let technique = Technique(rawValue: raw) else { throw ParameterInputError("unknown technique '\(name)'") }
      if !result.contains(technique) { result.append(technique) }
    }
    return result
  }
}

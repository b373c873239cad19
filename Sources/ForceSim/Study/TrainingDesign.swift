import ForceEngine

/// The trained group's design (Docs/study-design.md#the-training-design): ten sessions,
/// each every RANGE × ten DISTANCEs (OneStep, 10 % … 90 %) × both directions once,
/// then a final test on Study 1's tasks.
public enum TrainingDesign {
  /// Sessions before the final test.
  public static let sessions = 10

  /// The ten distances of a session.
  public static let distances: [StudyDistance] = StudyDistance.allCases

  /// The 80 tasks of a session, in order: distance by distance, the up tasks RANGE by
  /// RANGE, then the down tasks.
  public static let tasks: [StudyTask] = distances.flatMap { distance in
    [Direction.up, .down].flatMap { direction in
      StudyDesign.ranges.map { task(range: $0, distance: distance, direction: direction) }
    }
  }

  /// The task of `distance` in a list of `range` items: one item for OneStep, else
  /// ⌊range × percent / 100⌋ items (Study 1's rule: 20 % of 101 is 20), the movement
  /// centred in the list; a down task is its up task reversed.
  public static func task(range: Int32, distance: StudyDistance, direction: Direction) -> StudyTask {
    let items = distance == .oneStep ? 1 : max(1, range * Int32(distance.rawValue) / 100)
    let low = (range - 1 - items) / 2
    let (start, target) = direction == .up ? (low, low + items) : (low + items, low)
    return StudyTask(range: range, distance: distance, direction: direction, start: start, target: target)
  }

  /// Trials of this design a participant has done when session `session` (1-based) begins.
  public static func trialsBefore(session: Int) -> Int { (session - 1) * tasks.count }

  /// Trials of the whole training, before the final test: 800.
  public static var trainingTrials: Int { trialsBefore(session: sessions + 1) }
}

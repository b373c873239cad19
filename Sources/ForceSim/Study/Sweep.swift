import ForceEngine
import ForceTrace

/// One axis of a parameter sweep: `NAME=FROM:TO:STEP` (inclusive), e.g.
/// `rest_threshold=150:300:50`.
public struct SweepAxis: Equatable, Sendable {
  /// The parameter.
  public var parameter: ParameterID
  /// Its values, in order.
  public var values: [Int32]

  /// Creates an axis.
  public init(parameter: ParameterID, values: [Int32]) {
    self.parameter = parameter
    self.values = values
  }

  /// Parses `NAME=FROM:TO:STEP` (or `NAME=VALUE`).
  public static func parse(_ text: String) throws(ParameterInputError) -> SweepAxis {
    guard let equals = text.firstIndex(of: "=") else {
      throw ParameterInputError("'\(text)' is not NAME=FROM:TO:STEP")
    }
    let id = try ParameterText.id(named: String(text[..<equals]))
    let spec = text[text.index(after: equals)...].split(separator: ":", omittingEmptySubsequences: false)
    let numbers = spec.compactMap { Int32($0) }
    guard numbers.count == spec.count, numbers.count == 1 || numbers.count == 3 else {
      throw ParameterInputError(
        "\(ParameterText.name(id)): '\(text[text.index(after: equals)...])' is not FROM:TO:STEP")
    }
    if numbers.count == 1 { return SweepAxis(parameter: id, values: numbers) }
    let (from, to, step) = (numbers[0], numbers[1], numbers[2])
    guard step > 0, from <= to else {
      throw ParameterInputError("\(ParameterText.name(id)): need FROM <= TO and STEP > 0")
    }
    guard (to - from) / step < 1000 else {
      throw ParameterInputError("\(ParameterText.name(id)): more than 1000 points")
    }
    return SweepAxis(parameter: id, values: stride(from: Int(from), through: Int(to), by: Int(step)).map { Int32($0) })
  }
}

/// One grid point of a sweep and what the simulated study gave there.
public struct SweepPoint: Sendable {
  /// The swept values at this point, in axis order.
  public var values: [(ParameterID, Int32)]
  /// The overall summary cell of each technique; empty when the point is invalid.
  public var cells: [SummaryCell]
  /// Why the point could not run (a broken parameter rule), if so.
  public var problem: String?
}

/// Runs the study design at every point of a grid of one or two parameters.
public enum Sweep {
  /// Every combination of the axes' values (the first axis varies slowest).
  public static func grid(_ axes: [SweepAxis]) -> [[(ParameterID, Int32)]] {
    var points: [[(ParameterID, Int32)]] = [[]]
    for axis in axes {
      points = points.flatMap { point in axis.values.map { point + [(axis.parameter, $0)] } }
    }
    return points
  }

  /// Runs `config` at each point (the point's values applied on top of `config.base`).
  /// `progress` is told (points done, points in all) as blocks of each point finish.
  public static func run(
    _ axes: [SweepAxis], config: StudyConfig, progress: (@Sendable (_ done: Double, _ total: Int) -> Void)? = nil
  ) -> [SweepPoint] {
    let points = grid(axes)
    return points.enumerated().map { index, values in
      run(point: values, config: config) { fraction in progress?(Double(index) + fraction, points.count) }
    }
  }

  /// Runs `config` at one point; `progress` is told the fraction of it done.
  static func run(
    point values: [(ParameterID, Int32)], config: StudyConfig, progress: (@Sendable (Double) -> Void)?
  ) -> SweepPoint {
    var point = config
    do throws(ParameterInputError) {
      point.base = try ParameterText.applying(values, to: config.base)
      let result = try StudyRunner.run(point) { done, total in progress?(Double(done) / Double(total)) }
      return SweepPoint(values: values, cells: StudySummary.cells(result.records).filter { $0.factor == "all" })
    } catch {
      return SweepPoint(values: values, cells: [], problem: error.description)
    }
  }

  /// Column names: the swept parameters, then the measures.
  static func header(_ axes: [SweepAxis]) -> [String] {
    axes.map { ParameterText.name($0.parameter) }
      + ["technique", "trials", "time_mean_ms", "time_sd_ms", "crossings_mean", "success_rate", "timeouts"]
  }

  static func rows(_ points: [SweepPoint]) -> [[String]] {
    var rows: [[String]] = []
    for point in points {
      let values = point.values.map { String($0.1) }
      if let problem = point.problem {
        rows.append(values + ["invalid: \(problem)", "", "", "", "", "", ""])
        continue
      }
      for c in point.cells {
        rows.append(
          values + [
            c.technique, String(c.trials), StudySummary.fixed(c.time.mean, 1), StudySummary.fixed(c.time.sd, 1),
            StudySummary.fixed(c.crossings.mean, 3), StudySummary.fixed(c.successRate, 4), String(c.timeouts),
          ])
      }
    }
    return rows
  }

  /// The results as CSV.
  public static func csv(_ axes: [SweepAxis], _ points: [SweepPoint]) -> String {
    csv(header: header(axes), rows: rows(points))
  }

  /// The results as a Markdown table.
  public static func markdown(_ axes: [SweepAxis], _ points: [SweepPoint]) -> String {
    markdown(header: header(axes), rows: rows(points))
  }

  static func csv(header: [String], rows: [[String]]) -> String {
    ([header] + rows).map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
  }

  static func markdown(header: [String], rows: [[String]]) -> String {
    var lines = ["| " + header.joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: header.count)]
    for row in rows { lines.append("| " + row.joined(separator: " | ") + " |") }
    return lines.joined(separator: "\n") + "\n"
  }
}

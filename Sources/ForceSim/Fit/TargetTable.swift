import ForceEngine
import ForceTrace

/// One cell of a target table: a technique's published time at one distance.
public struct TargetCell: Equatable, Sendable {
  /// Technique.
  public var technique: Technique
  /// Distance class.
  public var distance: StudyDistance
  /// Mean time, ms.
  public var meanMs: Double
  /// Standard deviation of the time over trials, ms.
  public var sdMs: Double

  /// Creates a cell.
  public init(technique: Technique, distance: StudyDistance, meanMs: Double, sdMs: Double) {
    self.technique = technique
    self.distance = distance
    self.meanMs = meanMs
    self.sdMs = sdMs
  }
}

/// A table of target times by technique and distance (`Docs/study1-targets.csv`):
/// the calibration table of `forcectl sim fit` and of `sim study --targets`.
///
/// CSV with the header `technique,distance,mean_ms,sd_ms`; `#` starts a comment line;
/// `distance` is `OneStep`, `20%`, `50%` or `80%`. Each (technique, distance) at most once.
public struct TargetTable: Equatable, Sendable {
  /// The header line.
  public static let header = "technique,distance,mean_ms,sd_ms"
  /// The cells, in file order.
  public var cells: [TargetCell]

  /// Creates a table.
  public init(cells: [TargetCell]) { self.cells = cells }

  /// The techniques of the table, in first-appearance order.
  public var techniques: [Technique] {
    var result: [Technique] = []
    for cell in cells where !result.contains(cell.technique) { result.append(cell.technique) }
    return result
  }

  /// Reads a table. Errors name the line.
  public static func parse(_ text: String) throws(FitInputError) -> TargetTable {
    var cells: [TargetCell] = []
    var sawHeader = false
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingSpaces
      if line.isEmpty || line.hasPrefix("#") { continue }
      if !sawHeader {
        guard line == header else { throw FitInputError(line: index + 1, "expected the header \(header)") }
        sawHeader = true
        continue
      }
      let cell = try parseCell(line, line: index + 1)
      guard !cells.contains(where: { $0.technique == cell.technique && $0.distance == cell.distance }) else {
        throw FitInputError(line: index + 1, "\(cell.technique.name) \(cell.distance.label) is given twice")
      }
      cells.append(cell)
    }
    guard !cells.isEmpty else { throw FitInputError("no target cells (expected the header \(header) and rows)") }
    return TargetTable(cells: cells)
  }

  static func parseCell(_ line: String, line number: Int) throws(FitInputError) -> TargetCell {
    let f = line.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
    guard f.count == 4 else { throw FitInputError(line: number, "expected 4 fields, found \(f.count)") }
    guard let raw = try? ParameterText.value(f[0], for: .technique), let technique = Technique(rawValue: raw) else {
      throw FitInputError(line: number, "unknown technique '\(f[0])'")
    }
    guard let distance = StudyDistance(label: f[1]) else {
      throw FitInputError(line: number, "unknown distance '\(f[1])' (OneStep, 20%, 50% or 80%)")
    }
    guard let mean = Double(f[2]), mean > 0, mean.isFinite else {
      throw FitInputError(line: number, "mean_ms '\(f[2])' is not a positive number")
    }
    guard let sd = Double(f[3]), sd >= 0, sd.isFinite else {
      throw FitInputError(line: number, "sd_ms '\(f[3])' is not a number ≥ 0")
    }
    return TargetCell(technique: technique, distance: distance, meanMs: mean, sdMs: sd)
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces, tabs and carriage returns.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}

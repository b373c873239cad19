import ForceTrace

/// The population file `forcectl sim fit` writes and `sim study --users` reads
/// (`Docs/novice-users.txt`): one `name = value` line per free parameter of
/// `UserPopulation`, in any order, all of them; `#` starts a comment.
public enum PopulationText {
  /// Starts the comment line that records the `forcectl sim fit` command (without its
  /// `--output`) that wrote the file.
  public static let commandPrefix = "Command: "

  /// The fit command a population file records (`commandPrefix`), if it has one.
  public static func command(in text: String) -> String? {
    for line in text.split(separator: "\n") where line.hasPrefix("# " + commandPrefix) {
      return String(line.dropFirst(2 + commandPrefix.count))
    }
    return nil
  }

  /// The file for `population`, headed by `comments` (each becomes a `#` line).
  public static func format(_ population: UserPopulation, comments: [String] = []) -> String {
    var text = comments.map { "# " + $0 + "\n" }.joined()
    for (name, value) in zip(UserPopulation.names, population.values) {
      text += "\(name) = \(number(value))\n"
    }
    return text
  }

  /// `value` with up to four decimals, trailing zeros dropped.
  static func number(_ value: Double) -> String {
    var text = StudySummary.fixed(value, 4)
    while text.contains(".") && (text.hasSuffix("0") || text.hasSuffix(".")) { text.removeLast() }
    return text
  }

  /// Reads a population file. Errors name the line; every parameter must be given once,
  /// inside its bounds.
  public static func parse(_ text: String) throws(FitInputError) -> UserPopulation {
    var values = [Double?](repeating: nil, count: UserPopulation.names.count)
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = (raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingSpaces
      if line.isEmpty { continue }
      let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingSpaces }
      guard parts.count == 2 else { throw FitInputError(line: index + 1, "expected NAME = VALUE") }
      guard let slot = UserPopulation.names.firstIndex(of: parts[0]) else {
        throw FitInputError(line: index + 1, "unknown parameter '\(parts[0])'")
      }
      guard values[slot] == nil else { throw FitInputError(line: index + 1, "\(parts[0]) is given twice") }
      let bounds = UserPopulation.bounds[slot]
      guard let value = Double(parts[1]), bounds.contains(value) else {
        throw FitInputError(
          line: index + 1,
          "\(parts[0]) = '\(parts[1])' is not a number in \(number(bounds.lowerBound))...\(number(bounds.upperBound))")
      }
      values[slot] = value
    }
    let missing = zip(UserPopulation.names, values).filter { $0.1 == nil }.map(\.0)
    guard missing.isEmpty else { throw FitInputError("missing: " + missing.joined(separator: ", ")) }
    var population = UserPopulation.practised
    population.values = values.map { $0 ?? 0 }
    return population
  }
}

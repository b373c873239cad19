/// The order of a participant's conditions (a study's technique blocks), counterbalanced
/// across participants by a balanced Latin square (Williams 1949): in the rows of the
/// square every condition comes once in every position, and follows every other
/// condition exactly once, so neither practice nor carry-over from one block to the
/// next favours a condition. For an odd number of conditions the square needs its
/// mirror image too: 2n rows.
public struct BalancedLatinSquare: Equatable, Sendable {
  /// The number of conditions.
  public let conditions: Int

  /// The square for `conditions` (≥ 1) conditions.
  public init(conditions: Int) {
    precondition(conditions >= 1, "a Latin square needs a condition")
    self.conditions = conditions
  }

  /// Rows before the orders repeat: n, or 2n for an odd n above 1.
  public var rows: Int { conditions > 1 && conditions % 2 == 1 ? 2 * conditions : conditions }

  /// The order of participant `participant` (1-based: participant p takes row
  /// (p − 1) mod `rows`), as condition indices 0..<conditions.
  public func order(participant: Int) -> [Int] {
    let row = ((participant - 1) % rows + rows) % rows
    let n = conditions
    // The first row is 0, 1, n−1, 2, n−2, 3, …; row r adds r to each, modulo n.
    let first = (0..<n).map { j in j == 0 ? 0 : j % 2 == 1 ? (j + 1) / 2 : n - j / 2 }
    let order = first.map { ($0 + row % n) % n }
    return row < n ? order : order.reversed()
  }
}

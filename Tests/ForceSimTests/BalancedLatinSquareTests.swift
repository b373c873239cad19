import Testing

@testable import ForceSim

/// The counterbalancing of `study run`: a balanced Latin square's defining properties,
/// checked on its rows rather than against a table.
struct BalancedLatinSquareTests {
  @Test(arguments: 1...9) func everyConditionInEveryPositionAndAfterEveryOtherOnce(n: Int) {
    let square = BalancedLatinSquare(conditions: n)
    let orders = (1...square.rows).map { square.order(participant: $0) }
    for order in orders { #expect(order.sorted() == Array(0..<n), "\(order) is not a permutation") }
    // Each position holds each condition equally often.
    for position in 0..<n {
      let counts = Dictionary(grouping: orders.map { $0[position] }, by: { $0 }).mapValues(\.count)
      #expect(Set(counts.values) == [square.rows / n], "position \(position): \(counts)")
    }
    // Each ordered pair of neighbours occurs equally often: once (n even) or twice over 2n rows (n odd).
    var pairs: [[Int]: Int] = [:]
    for order in orders { for i in 0..<(n - 1) { pairs[[order[i], order[i + 1]], default: 0] += 1 } }
    if n > 1 {
      #expect(pairs.count == n * (n - 1), "\(n): only \(pairs.count) of the \(n * (n - 1)) ordered pairs")
      #expect(Set(pairs.values) == [square.rows / n])
    }
  }

  @Test func participantsCycleThroughTheRows() {
    let square = BalancedLatinSquare(conditions: 4)
    #expect(square.order(participant: 1) == [0, 1, 3, 2])
    #expect(square.order(participant: 2) == [1, 2, 0, 3])
    #expect(square.order(participant: 5) == square.order(participant: 1))
    #expect(BalancedLatinSquare(conditions: 3).rows == 6)
    #expect(BalancedLatinSquare(conditions: 3).order(participant: 4) == [2, 1, 0])
  }
}

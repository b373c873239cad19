import ForceTrace
import Foundation
import Testing

@testable import ForceSim

/// The simulator's normal deviates (`Ziggurat`): the tables, and the distribution.
@Suite struct ZigguratTests {
  static func edge(_ i: Int) -> Double { Ziggurat.table[i] }
  static func height(_ i: Int) -> Double { Ziggurat.table[257 + i] }

  @Test func everyLayerHasTheSameArea() {
    #expect(Self.edge(1) == Ziggurat.r && Self.edge(256) == 0 && Self.height(256) == 1)
    #expect(abs(Self.edge(0) * Self.height(1) - Ziggurat.v) < 1e-15)  // the base, tail included
    for i in 1...255 {
      #expect(Self.edge(i) > Self.edge(i + 1))
      let area = Self.edge(i) * (Self.height(i + 1) - Self.height(i))
      #expect(abs(area / Ziggurat.v - 1) < 1e-6, "layer \(i): area \(area)")
    }
    // The base's tail beyond r is the rest of its area: v − r·f(r) = ∫_r^∞ f.
    let tail = (Double.pi / 2).squareRoot() * erfc(Ziggurat.r / 2.0.squareRoot())
    #expect(abs((Ziggurat.v - Ziggurat.r * Self.height(1)) / tail - 1) < 1e-6)
  }

  @Test func drawsFollowTheStandardNormal() {
    var generator = SplitMix64.stream(7, 3)
    let n = 200_000
    var draws = (0..<n).map { _ in generator.zigguratNormal() }
    let mean = draws.reduce(0, +) / Double(n)
    let variance = draws.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(n - 1)
    #expect(abs(mean) < 0.01 && abs(variance - 1) < 0.015, "mean \(mean), variance \(variance)")
    // Kolmogorov–Smirnov distance to Φ, below its 1 % critical value 1.63/√n.
    draws.sort()
    var distance = 0.0
    for (k, x) in draws.enumerated() {
      let phi = 0.5 * erfc(-x / 2.0.squareRoot())
      distance = max(distance, abs(phi - Double(k) / Double(n)), abs(phi - Double(k + 1) / Double(n)))
    }
    #expect(distance < 1.63 / Double(n).squareRoot(), "KS distance \(distance)")
    // The tail beyond r (drawn separately) holds its share: 2·(1 − Φ(r)) ≈ 2.6e-4 of draws.
    let beyond = draws.filter { abs($0) > Ziggurat.r }.count
    let expected = Double(n) * erfc(Ziggurat.r / 2.0.squareRoot())
    #expect(abs(Double(beyond) - expected) < 4 * expected.squareRoot(), "\(beyond) beyond r, expected \(expected)")
    #expect(draws.contains { $0 > Ziggurat.r } && draws.contains { $0 < -Ziggurat.r })
  }

  @Test func theSameStreamGivesTheSameDeviates() {
    var a = SplitMix64.stream(1, 2, 3)
    var b = SplitMix64.stream(1, 2, 3)
    let first = (0..<1000).map { _ in a.zigguratNormal() }
    #expect(first == (0..<1000).map { _ in b.zigguratNormal() })
    #expect(Set(first).count == 1000)
    var c = SplitMix64.stream(1, 2, 4)
    #expect(first != (0..<1000).map { _ in c.zigguratNormal() })
  }

  @Test func truncatedDrawsStayInTheirRange() {
    var generator = SplitMix64(seed: 5)
    let draws = (0..<20_000).map { _ in generator.truncatedNormal(10, 2, 7, 14) }
    #expect(draws.allSatisfy { (7...14).contains($0) })
    #expect(draws.contains(7) && draws.contains(14))
    let inside = draws.filter { $0 > 7 && $0 < 14 }
    #expect(abs(inside.reduce(0, +) / Double(inside.count) - 10.17) < 0.05)  // the truncated normal's mean
  }
}

import Testing

@testable import ForceTrace

@Suite struct SplitMix64Tests {
  @Test func matchesTheReferenceSequence() {
    // Reference values of SplitMix64 from seed 0 (Vigna's splitmix64.c).
    var generator = SplitMix64(seed: 0)
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
  }

  @Test func streamsAreReproducibleAndDistinct() {
    var a = SplitMix64.stream(1, 2, 3)
    var b = SplitMix64.stream(1, 2, 3)
    var c = SplitMix64.stream(1, 3, 2)
    let first = a.next()
    #expect(first == b.next())
    #expect(first != c.next())
  }

  @Test func normalDrawsAreTruncatedAndCentred() {
    var generator = SplitMix64(seed: 42)
    let draws = (0..<20_000).map { _ in generator.normal(10, 2, 5, 15) }
    #expect(draws.allSatisfy { (5...15).contains($0) })
    let mean = draws.reduce(0, +) / Double(draws.count)
    let sd = (draws.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(draws.count - 1)).squareRoot()
    #expect(abs(mean - 10) < 0.05)
    #expect(abs(sd - 2) < 0.05)
  }
}

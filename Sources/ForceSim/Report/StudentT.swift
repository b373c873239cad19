import Foundation

/// Student's t distribution with whole degrees of freedom: its distribution function
/// and quantiles, for the confidence intervals of `study report` (no dependency).
///
/// The distribution function is the closed form for whole `df` (a finite series in
/// cos²θ, θ = atan(t/√df)): exact to rounding, so the quantile is found by bisection
/// to the last bits of a Double.
public enum StudentT {
  /// P(T ≤ t) with `df` ≥ 1 degrees of freedom.
  public static func cdf(_ t: Double, df: Int) -> Double {
    let central = centralProbability(abs(t), df: max(1, df))
    return t >= 0 ? 0.5 + central / 2 : 0.5 - central / 2
  }

  /// The t with P(T ≤ t) = `p` (0 < p < 1) with `df` ≥ 1 degrees of freedom.
  public static func quantile(_ p: Double, df: Int) -> Double {
    precondition(p > 0 && p < 1, "a probability strictly between 0 and 1")
    if p < 0.5 { return -quantile(1 - p, df: df) }
    var low = 0.0
    var high = 1.0
    while cdf(high, df: df) < p { (low, high) = (high, high * 2) }
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if middle == low || middle == high { break }
      if cdf(middle, df: df) < p { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }

  /// Half the width of the `confidence` interval of the mean of `sample`:
  /// t((1 + confidence) / 2, n − 1) · SD / √n; nil below two values.
  public static func halfWidth(of sample: SampleStats, confidence: Double = 0.95) -> Double? {
    guard sample.count > 1 else { return nil }
    return quantile((1 + confidence) / 2, df: sample.count - 1) * sample.sd / Double(sample.count).squareRoot()
  }

  /// P(|T| < t) for t ≥ 0: with θ = atan(t/√df) and c = cos θ,
  /// sin θ · (1 + ½c² + (1·3)/(2·4)c⁴ + … + c^(df−2) term) for even df, and
  /// (2/π)(θ + sin θ · c · (1 + ⅔c² + (2·4)/(3·5)c⁴ + … + c^(df−3) term)) for odd df.
  static func centralProbability(_ t: Double, df: Int) -> Double {
    let theta = atan(t / Double(df).squareRoot())
    let c2 = cos(theta) * cos(theta)
    var term = 1.0
    var sum = 1.0
    var k = df % 2 == 0 ? 2 : 3
    while k <= df - 2 {
      term *= c2 * Double(k - 1) / Double(k)
      sum += term
      k += 2
    }
    if df % 2 == 0 { return sin(theta) * sum }
    if df == 1 { return 2 * theta / .pi }
    return 2 / .pi * (theta + sin(theta) * cos(theta) * sum)
  }
}

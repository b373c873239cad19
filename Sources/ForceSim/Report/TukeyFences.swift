/// Tukey's fences for extreme outliers: below Q1 − k·IQR or above Q3 + k·IQR, k = 3
/// by default (the quartiles by linear interpolation between the order statistics,
/// R's default, type 7).
public struct TukeyFences: Equatable, Sendable {
  /// The first quartile.
  public var q1: Double
  /// The third quartile.
  public var q3: Double
  /// The lower fence, Q1 − k·IQR.
  public var lower: Double
  /// The upper fence, Q3 + k·IQR.
  public var upper: Double

  /// The fewest values that get fences: with four or fewer, the interpolated upper
  /// quartile leans on the largest value itself (and the lower on the smallest), so no
  /// value can fall outside.
  public static let minimumCount = 5

  /// The fences of `values`, k·IQR from the quartiles; nil with fewer than `minimumCount` values.
  public init?(_ values: [Double], k: Double = 3) {
    guard values.count >= Self.minimumCount else { return nil }
    let sorted = values.sorted()
    q1 = Self.quantile(sorted, 0.25)
    q3 = Self.quantile(sorted, 0.75)
    lower = q1 - k * (q3 - q1)
    upper = q3 + k * (q3 - q1)
  }

  /// Whether `value` lies outside the fences.
  public func excludes(_ value: Double) -> Bool { value < lower || value > upper }

  /// The `p` quantile of sorted values: linear between the order statistics at (n − 1)·p.
  static func quantile(_ sorted: [Double], _ p: Double) -> Double {
    let h = Double(sorted.count - 1) * p
    let below = Int(h.rounded(.down))
    guard below + 1 < sorted.count else { return sorted[below] }
    return sorted[below] + (h - Double(below)) * (sorted[below + 1] - sorted[below])
  }
}

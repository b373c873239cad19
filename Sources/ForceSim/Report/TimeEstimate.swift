import Foundation

/// The time of a cell's committed trials, as `study report` analyses it: the plain M
/// and SD (as `sim study`'s tables), and the log-transformed times the published study
/// compared, whose mean gives the geometric mean and its confidence interval.
public struct TimeEstimate: Equatable, Sendable {
  /// The times as they are, ms.
  public var plain: SampleStats
  /// ln of the times in ms.
  public var log: SampleStats

  /// The estimate of `timesMs` (each above 0).
  public init(_ timesMs: [Double]) {
    plain = SampleStats(timesMs)
    log = SampleStats(timesMs.map { Foundation.log($0) })
  }

  /// Number of times.
  public var count: Int { plain.count }

  /// exp of the mean log time, ms; nil when empty.
  public var geometricMean: Double? { count > 0 ? exp(log.mean) : nil }

  /// The 95 % confidence interval of the geometric mean, ms: exp(mean ± t · SD / √n)
  /// of the log times, t with n − 1 degrees of freedom; nil below two times.
  public var geometricInterval: ClosedRange<Double>? {
    guard let half = StudentT.halfWidth(of: log) else { return nil }
    return exp(log.mean - half)...exp(log.mean + half)
  }

  /// Half the width of the plain mean's 95 % interval (t · SD / √n), ms; nil below two times.
  public var plainHalfWidth: Double? { StudentT.halfWidth(of: plain) }
}

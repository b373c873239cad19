import ForceTrace

extension UserPopulation {
  /// The novices of the calibration table (`Docs/study1-targets.csv`), as fitted by
  /// `forcectl sim fit` and committed in `Docs/novice-users.txt` (a test keeps the two
  /// equal). `sim study` uses it unless given `--users FILE`.
  public static let novice = UserPopulation(
    homingTimeS: 1.4937, decisionMs: 158.3121, overpress: 1606.8194, searchFallPerMs: 1.319,
    pulseHoldMs: 46.4634, creepLead: 1.1071, skillSpread: 0.2109, trialSpread: 0.7348)
}

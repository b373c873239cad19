import ForceTrace
extension UserPopulation {
  /// The novices of the calibration table (`Docs/study1-targets.csv`), as fitted by
  /// `forcectl sim fit` and committed in `Docs/novice-users.txt` (a test keeps the two
  /// equal). `sim study` uses it unless given `--users FILE`.
  public static let novice = UserPopulation(
    homingTimeS: 1.62, decisionMs: 177.4561, overpress: 1556.3045, searchFallPerMs: 1.2365,
    pulseHoldMs: 45.6548, creepLead: 0.981, skillSpread: 0.2042, trialSpread: 0.7659)
}
